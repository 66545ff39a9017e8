/**
 * One catalogue per process, shared by the `stripe` endpoint (reads) and the `plan-catalogue` hook
 * (invalidation): both are entries of the same bundle, so they share this module.
 */
import type { ApiExtensionContext } from '@directus/types';
import { PlanCatalogue } from './plan-catalogue.ts';
import type { LocalizablePlan } from './plan-translations.ts';
import { listActivePlans } from './plans-service.ts';

/** Long enough to absorb traffic spikes, short enough that another replica's edit shows soon. */
const CATALOGUE_TTL_MS = 60_000;

let catalogue: PlanCatalogue<LocalizablePlan> | null = null;

export function planCatalogue(context: Pick<ApiExtensionContext, 'services' | 'getSchema'>): PlanCatalogue<LocalizablePlan> {
	catalogue ??= new PlanCatalogue(() => listActivePlans(context), CATALOGUE_TTL_MS);
	return catalogue;
}
