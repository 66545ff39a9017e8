/** Drops the cached plan list whenever a plan is created, edited or deleted (Studio or API). */
import { defineHook } from '@directus/extensions-sdk';
import { planCatalogue } from '../../lib/plans/shared-catalogue.ts';

export default defineHook(({ action }, context) => {
	const invalidate = () => planCatalogue(context).invalidate();
	for (const event of ['create', 'update', 'delete']) action(`subscription_plans.items.${event}`, invalidate);
});
