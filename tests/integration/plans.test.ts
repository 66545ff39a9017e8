/** `GET /stripe/plans` and `GET /stripe/config` against the seeded catalogue (docs/product.md, Plans, periods and prices). */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../extensions/platform/src/lib/plans/plan.ts';
import { adminToken, api } from '../support/api.ts';

const cents = (value: number) => Math.round(value * 100) / 100;

async function plans(token?: string): Promise<Plan[]> {
	const response = await api<{ data: Plan[] }>('GET', '/stripe/plans', token ? { token } : {});
	expect(response.status).toBe(200);
	return response.body.data;
}

describe('GET /stripe/plans', () => {
	it('lists the seeded active plans, cheapest first, without a token', async () => {
		const list = await plans();
		expect(list.map((plan) => plan.id)).toEqual(['free', 'starter', 'pro', 'business']);
		const monthly = list.map((plan) => plan.price);
		expect([...monthly].sort((a, b) => a - b)).toEqual(monthly);
		expect(list.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['pro']);
	});

	it('prices quarterly at 3x monthly -10% and yearly at 12x monthly -20%', async () => {
		for (const plan of (await plans()).filter((candidate) => candidate.price > 0)) {
			expect(plan.pricing.monthly).toEqual({ amount: plan.price, price_id: null, period: 'month', interval_count: 1 });
			expect(plan.pricing.quarterly).toEqual({ amount: cents(plan.price * 3 * 0.9), price_id: null, period: 'month', interval_count: 3 });
			expect(plan.pricing.yearly).toEqual({ amount: cents(plan.price * 12 * 0.8), price_id: null, period: 'year', interval_count: 1 });
		}
	});

	it('gives the free plan a monthly entry only and no projects', async () => {
		const free = (await plans()).find((plan) => plan.id === 'free');
		expect(free).toMatchObject({ price: 0, projectLimit: 0, pricing: { monthly: { amount: 0 } } });
		expect(Object.keys(free?.pricing ?? {})).toEqual(['monthly']);
	});

	it('follows edits made in Studio: inactive plans disappear, price ids appear', async () => {
		const admin = await adminToken();
		const edit = async (plan: string, body: Record<string, unknown>) => {
			const response = await api('PATCH', `/items/subscription_plans/${plan}`, { token: admin, body });
			expect(response.status, `${plan} ${JSON.stringify(response.body)}`).toBe(200);
		};
		expect((await plans()).map((plan) => plan.id)).toContain('business');
		await edit('business', { is_active: false });
		await edit('starter', { stripe_price_id_monthly: 'price_starter_m' });
		try {
			const list = await plans();
			expect(list.map((plan) => plan.id)).not.toContain('business');
			expect(list.find((plan) => plan.id === 'starter')?.pricing.monthly?.price_id).toBe('price_starter_m');
		} finally {
			await edit('business', { is_active: true });
			await edit('starter', { stripe_price_id_monthly: null });
		}
	});
});

describe('GET /stripe/config', () => {
	it('names the sandbox provider, which needs no publishable key', async () => {
		const response = await api('GET', '/stripe/config');
		expect(response.status).toBe(200);
		expect(response.body).toEqual({ data: { provider: 'sandbox', publishableKey: null } });
	});
});

describe("plans in the customer's language", () => {
	it('answers in Spanish or Russian by ?lang= or Accept-Language, English otherwise', async () => {
		const spanish = await api<{ data: Plan[] }>('GET', '/stripe/plans?lang=es');
		expect(spanish.status).toBe(200);
		expect(spanish.headers.get('content-language')).toBe('es');
		const pro = spanish.body.data.find((plan) => plan.id === 'pro')!;
		expect(pro.features[0]).toBe('Hasta 3 proyectos Directus alojados');
		expect(pro.description).toBe('Hasta tres proyectos para equipos en crecimiento.');

		const russian = await api<{ data: Plan[] }>('GET', '/stripe/plans', { headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' } });
		expect(russian.body.data.find((plan) => plan.id === 'business')!.name).toBe('Бизнес');

		const english = await api<{ data: Plan[] }>('GET', '/stripe/plans', { headers: { 'accept-language': 'de-DE' } });
		expect(english.body.data.find((plan) => plan.id === 'pro')!.features[0]).toBe('Up to 3 hosted Directus projects');
		// Prices and limits do not depend on the language.
		expect(spanish.body.data.map((plan) => [plan.id, plan.price, plan.projectLimit])).toEqual(english.body.data.map((plan) => [plan.id, plan.price, plan.projectLimit]));
	});
});
