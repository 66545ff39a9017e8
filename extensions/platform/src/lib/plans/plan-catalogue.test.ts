import { describe, expect, it } from 'vitest';
import type { Plan } from './plan.ts';
import { PlanCatalogue } from './plan-catalogue.ts';

const plan = (id: string): Plan => ({ id, name: id, description: null, price: 0, projectLimit: 0, popular: false, features: [], pricing: {} });

function counter(results: Plan[][]) {
	let calls = 0;
	const load = async () => results[Math.min(calls++, results.length - 1)]!;
	return { load, calls: () => calls };
}

describe('PlanCatalogue', () => {
	it('reads once within the TTL and again after it', async () => {
		let now = 0;
		const source = counter([[plan('a')], [plan('b')]]);
		const catalogue = new PlanCatalogue(source.load, 1000, () => now);
		expect(await catalogue.list()).toEqual([plan('a')]);
		expect(await catalogue.list()).toEqual([plan('a')]);
		expect(source.calls()).toBe(1);
		now = 1001;
		expect(await catalogue.list()).toEqual([plan('b')]);
	});

	it('shares one read between concurrent callers', async () => {
		const source = counter([[plan('a')]]);
		const catalogue = new PlanCatalogue(source.load, 1000);
		await Promise.all([catalogue.list(), catalogue.list(), catalogue.list()]);
		expect(source.calls()).toBe(1);
	});

	it('reads again after an invalidation, and never keeps a read that an edit overtook', async () => {
		let release: (plans: Plan[]) => void = () => {};
		let calls = 0;
		const catalogue = new PlanCatalogue(() => (++calls === 1 ? new Promise<Plan[]>((resolve) => (release = resolve)) : Promise.resolve([plan('new')])), 60_000);
		const stale = catalogue.list();
		catalogue.invalidate();
		release([plan('old')]);
		expect(await stale).toEqual([plan('old')]);
		expect(await catalogue.list()).toEqual([plan('new')]);
		expect(calls).toBe(2);
	});
});
