import type { Plan } from '@epic/platform-api';

export type { BillingPeriod, Plan, PlanPrice } from '@epic/platform-api';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Structural check of one plan, so a malformed answer becomes an error state instead of a crash. */
export function isPlan(value: unknown): value is Plan {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.price === 'number' &&
    typeof value.projectLimit === 'number' &&
    Array.isArray(value.features) &&
    value.features.every((feature) => typeof feature === 'string') &&
    isRecord(value.pricing)
  );
}
