import type { ApiExtensionContext } from '@directus/types';
import { toPlan } from './plan-mapper.ts';
import { PLAN_FIELDS, type PlanRow } from './plan.ts';
import { parsePlanTranslations, type LocalizablePlan } from './plan-translations.ts';

type ServiceContext = Pick<ApiExtensionContext, 'services' | 'getSchema'>;

/**
 * Plans are public catalogue data, so they are read without accountability; only active plans are
 * listed, cheapest first.
 */
export async function listActivePlans(context: ServiceContext): Promise<LocalizablePlan[]> {
	const { ItemsService } = context.services;
	const plans = new ItemsService('subscription_plans', { schema: await context.getSchema() });
	const rows = (await plans.readByQuery({
		fields: [...PLAN_FIELDS],
		filter: { is_active: { _eq: true } },
		sort: ['price_monthly', 'id'],
		limit: -1,
	})) as PlanRow[];
	return rows.map((row) => ({ plan: toPlan(row), translations: parsePlanTranslations(row.translations) }));
}
