/**
 * The plan catalogue, one per process (lib/platform-services.ts), shared by the `stripe` endpoint
 * and the portal hook (reads) and the `plan-catalogue` hook (invalidation).
 */
import type { ApiExtensionContext } from '@directus/types';
import { PlanCatalogue } from './plan-catalogue.ts';
import type { LocalizablePlan } from './plan-translations.ts';
import { listActivePlans } from './plans-service.ts';

/** Long enough to absorb traffic spikes, short enough that another replica's edit shows soon. */
const CATALOGUE_TTL_MS = 60_000;

export function createPlanCatalogue(context: Pick<ApiExtensionContext, 'services' | 'getSchema'>): PlanCatalogue<LocalizablePlan> {
	return new PlanCatalogue(() => listActivePlans(context), CATALOGUE_TTL_MS);
}
