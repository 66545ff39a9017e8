/** Drops the cached plan list whenever a plan is created, edited or deleted (Studio or API). */
import { defineHook } from '@directus/extensions-sdk';
import { platformServices } from '../../lib/platform-services.ts';

export default defineHook(({ action }, context) => {
	const services = platformServices(context);
	const invalidate = () => services.catalogue.invalidate();
	for (const event of ['create', 'update', 'delete']) action(`subscription_plans.items.${event}`, invalidate);
});
