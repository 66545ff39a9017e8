/**
 * Every minute: re-reads current subscriptions from the provider and runs the sandbox's renewals
 * (lib/billing/billing-sync.ts). A failed run is logged and the next one tries again.
 */
import { defineHook } from '@directus/extensions-sdk';
import { billingServices } from '../../lib/billing/billing-services.ts';
import { syncSubscriptions } from '../../lib/billing/billing-sync.ts';

export default defineHook(({ schedule }, context) => {
	schedule('* * * * *', async () => {
		try {
			await syncSubscriptions(context, billingServices(context));
		} catch (error) {
			context.logger.error(`Subscription sync failed: ${(error as Error).message}`);
		}
	});
});
