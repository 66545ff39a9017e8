/**
 * Every minute: re-reads current subscriptions from the provider and runs the sandbox's renewals
 * (lib/billing/billing-sync.ts). A failed run is logged and the next one tries again.
 */
import { defineHook } from '@directus/extensions-sdk';
import { syncSubscriptions } from '../../lib/billing/billing-sync.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ schedule }, context) => {
	const services = platformServices(context);
	schedule('* * * * *', async () => {
		try {
			await syncSubscriptions(context, services.billing);
		} catch (error) {
			context.logger.error(`Subscription sync failed: ${(error as Error).message}`);
		}
	});
});
