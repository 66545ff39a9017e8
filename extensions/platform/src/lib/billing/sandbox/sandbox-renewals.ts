/**
 * The sandbox's billing clock work, run by the subscription-sync schedule and after the clock is
 * moved: renew what reached its period end, turn a failed renewal into `past_due` and, after the
 * grace period, `unpaid`, and end a cancelled subscription when its period passes.
 */
import type { ReplicaMutex } from '../../coordination/replica-mutex.ts';
import { isServingStatus } from '@epic/platform-api';
import { DAY_MS } from '../period-dates.ts';
import type { SandboxProvider } from './sandbox-provider.ts';
import type { SandboxSubscriptionRow } from './sandbox-records.ts';

export interface RenewalOutcome {
	renewed: number;
	failed: number;
	unpaid: number;
	ended: number;
}

/** A clock moved years ahead must not renew forever. */
const MAX_RENEWALS_PER_RUN = 36;

/** One run at a time across replicas: the minute's schedule and a moved clock must not both renew one period. */
export function runSandboxRenewals(provider: SandboxProvider, graceDays: number, locks: Pick<ReplicaMutex, 'run'>): Promise<RenewalOutcome> {
	return locks.run('sandbox-renewals', () => renewDue(provider, graceDays));
}

async function renewDue(provider: SandboxProvider, graceDays: number): Promise<RenewalOutcome> {
	const now = provider.clock.now();
	const outcome: RenewalOutcome = { renewed: 0, failed: 0, unpaid: 0, ended: 0 };
	for (const due of await provider.listDue(now)) {
		let row: SandboxSubscriptionRow | null = due;
		for (let renewals = 0; row && renewals < MAX_RENEWALS_PER_RUN; renewals++) {
			// Only a serving subscription renews; an ended one never comes back by itself.
			if (!isServingStatus(row.status)) break;
			if (row.status === 'past_due') {
				const since = row.past_due_since ? new Date(row.past_due_since).getTime() : now.getTime();
				if (now.getTime() - since >= graceDays * DAY_MS) {
					await provider.markUnpaid(row);
					outcome.unpaid++;
				}
				break;
			}
			if (new Date(row.current_period_end) > now) break;
			if (row.cancel_at_period_end) {
				await provider.endPeriod(row, now);
				outcome.ended++;
				break;
			}
			const result = await provider.renew(row, now);
			if (result === 'failed') {
				outcome.failed++;
				// A grace period shorter than the time the clock jumped ends it in the same run.
				row = await provider.subscriptionRow(row.id);
				continue;
			}
			outcome.renewed++;
			row = await provider.subscriptionRow(row.id);
		}
	}
	return outcome;
}
