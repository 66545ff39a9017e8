/**
 * The back office's sync (lib/projects/instance-sync) on `INSTANCE_SYNC_SCHEDULE`: each project's
 * instance state, last request, restarts, requests per day and storage, copied from the runtime for
 * Studio, once per tick across replicas; a run still going when the next is due is not doubled,
 * and a failed run is logged and the next one tries again. Without a runtime there is nothing to copy.
 */
import { defineHook } from '@directus/extensions-sdk';
import { InstanceSync } from '../../lib/projects/instance-sync/instance-sync.ts';
import { loggedNotifier } from '../../lib/notifications/notify.ts';
import { platformServices } from '../../lib/platform-services.ts';

/** A runtime that hangs delays the next run, never piles them up. */
const SYNC_TIMEOUT_MS = 10_000;

export default defineHook(({ schedule }, context) => {
	const services = platformServices(context);
	let sync: InstanceSync | null | undefined;
	const job = services.scheduledJob('instance-sync', async () => {
		if (sync === undefined) {
			const driver = services.driverWithin(SYNC_TIMEOUT_MS)();
			sync = driver
				? new InstanceSync({ database: context.database, driver, now: () => new Date(), logger: context.logger, notify: loggedNotifier(context.database, context.logger) })
				: null;
		}
		await sync?.run();
	});
	schedule(job.rule, job.handler);
});
