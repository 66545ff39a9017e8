import type { BillingPeriod, Plan, PlanPrice, PlanRow } from './plan.ts';

const PERIOD_SHAPE: Record<BillingPeriod, Pick<PlanPrice, 'period' | 'interval_count'>> = {
	monthly: { period: 'month', interval_count: 1 },
	quarterly: { period: 'month', interval_count: 3 },
	yearly: { period: 'year', interval_count: 1 },
};

function toAmount(value: number | string | null): number | null {
	if (value === null || value === '') return null;
	const amount = Number(value);
	return Number.isFinite(amount) ? amount : null;
}

function toFeatures(value: unknown): string[] {
	const list = typeof value === 'string' ? safeJsonParse(value) : value;
	return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

function safeJsonParse(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return null;
	}
}

function priceEntry(amount: number | string | null, priceId: string | null, period: BillingPeriod): PlanPrice | null {
	const value = toAmount(amount);
	if (value === null) return null;
	return { amount: value, price_id: priceId || null, ...PERIOD_SHAPE[period] };
}

export function toPlan(row: PlanRow): Plan {
	const pricing: Plan['pricing'] = {};
	const entries: [BillingPeriod, PlanPrice | null][] = [
		['monthly', priceEntry(row.price_monthly, row.stripe_price_id_monthly, 'monthly')],
		['quarterly', priceEntry(row.price_quarterly, row.stripe_price_id_quarterly, 'quarterly')],
		['yearly', priceEntry(row.price_yearly, row.stripe_price_id_yearly, 'yearly')],
	];
	for (const [period, entry] of entries) if (entry) pricing[period] = entry;

	return {
		id: row.id,
		name: row.name,
		description: row.description ?? null,
		price: toAmount(row.price_monthly) ?? 0,
		projectLimit: row.project_limit ?? 0,
		popular: Boolean(row.is_popular),
		features: toFeatures(row.features),
		pricing,
	};
}
