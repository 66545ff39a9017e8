import { describe, expect, it } from 'vitest';
import { localizePlan, parsePlanTranslations } from './plan-translations.ts';
import type { Plan } from './plan.ts';

const plan: Plan = { id: 'pro', name: 'Pro', description: 'Three projects', price: 39, projectLimit: 3, popular: true, features: ['A', 'B'], pricing: {} };

describe('plan translations', () => {
	it('replaces what staff translated and keeps English for the rest', () => {
		const translations = parsePlanTranslations(JSON.stringify({ es: { name: 'Pro ES', features: ['A es', 'B es'] } }));
		expect(localizePlan({ plan, translations }, 'es')).toEqual({ ...plan, name: 'Pro ES', features: ['A es', 'B es'] });
		expect(localizePlan({ plan, translations }, 'ru')).toEqual(plan);
		expect(localizePlan({ plan, translations }, 'en')).toEqual(plan);
	});

	it('treats malformed translations as untranslated', () => {
		for (const value of ['not json', 42, null, { es: { features: [1, 2] } }]) {
			expect(localizePlan({ plan, translations: parsePlanTranslations(value) }, 'es')).toEqual(plan);
		}
	});
});
