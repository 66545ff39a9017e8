/**
 * A scheduled job's handler for Directus's `schedule()`: on each firing it claims the tick in the
 * ledger (scheduled-job-ledger.ts) and runs the job only if the tick is its own, renewing the claim
 * while the job runs. Directus's synchronisation (Redis) already has one replica fire each tick;
 * the ledger is what holds when it does not (the memory store, a late firing, a run that outlasts
 * its interval). The handler never throws: a failed run is logged and recorded, and the next tick
 * tries again.
 */
import { CronTicks } from './cron-ticks.ts';
import type { ScheduledJobLedger } from './scheduled-job-ledger.ts';
import { whileRenewing } from './while-renewing.ts';
import type { PlatformMetrics } from '../metrics/platform-metrics.ts';

export interface ScheduledJobParts {
	ledger: Pick<ScheduledJobLedger, 'claim' | 'renew' | 'finish' | 'renewEveryMs'>;
	now: () => Date;
	logger: { error(message: string): void };
	metrics: Pick<PlatformMetrics, 'scheduledJobFired' | 'scheduledJobRan'>;
}

export function scheduledJob(name: string, rule: string, parts: ScheduledJobParts, run: () => Promise<unknown>): () => Promise<void> {
	const ticks = new CronTicks(rule);
	const { ledger, now, logger, metrics } = parts;
	return async () => {
		metrics.scheduledJobFired(name);
		let runId: string | null;
		try {
			const firedAt = now();
			runId = await ledger.claim(name, ticks.tickOf(firedAt), firedAt);
		} catch (error) {
			logger.error(`Scheduled job ${name}: the tick could not be claimed: ${(error as Error).message}`);
			return;
		}
		if (!runId) return;
		let failure: Error | null = null;
		try {
			await whileRenewing(
				ledger.renewEveryMs,
				() => ledger.renew(name, now()),
				(error) => logger.error(`Scheduled job ${name}: renewing its claim failed: ${error.message}`),
				run,
			);
		} catch (error) {
			failure = error as Error;
			logger.error(`Scheduled job ${name} failed: ${failure.message}`);
		}
		metrics.scheduledJobRan(name, failure ? 'failed' : 'succeeded');
		await ledger
			.finish(name, runId, failure ? 'failed' : 'succeeded', failure?.message ?? null, now())
			.catch((error: Error) => logger.error(`Scheduled job ${name}: recording its end failed: ${error.message}`));
	};
}
