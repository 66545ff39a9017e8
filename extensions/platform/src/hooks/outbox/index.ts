/**
 * On `OUTBOX_SCHEDULE` (every 30 seconds, once per tick across replicas): delivers the emails and
 * notifications still owed to customers (lib/coordination/outbox.ts), those a replica recorded and
 * died before delivering, and those whose delivery failed.
 */
import { defineHook } from '@directus/extensions-sdk';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ schedule }, context) => {
	const services = platformServices(context);
	const job = services.scheduledJob('outbox', () => services.outbox.deliverOwed());
	schedule(job.rule, job.handler);
});
