/**
 * On `SUBSCRIPTION_SYNC_SCHEDULE` (every minute): re-reads current subscriptions from the provider
 * and runs the sandbox's renewals (lib/billing/billing-sync.ts), once per tick across replicas. A
 * failed run is logged and recorded, and the next one tries again.
 */
import { defineHook } from '@directus/extensions-sdk';
import { syncSubscriptions } from '../../lib/billing/billing-sync.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ schedule }, context) => {
	const services = platformServices(context);
	const job = services.scheduledJob('subscription-sync', () => syncSubscriptions(context, services.billing));
	schedule(job.rule, job.handler);
});
