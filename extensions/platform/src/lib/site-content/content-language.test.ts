import { describe, expect, it } from 'vitest';
import { contentLanguage } from './content-language.ts';

const request = (query: Record<string, unknown>, acceptLanguage = '') => ({
	query,
	get: (name: string) => (name.toLowerCase() === 'accept-language' ? acceptLanguage : undefined),
});

describe('contentLanguage', () => {
	it('takes a supported ?lang=', () => {
		expect(contentLanguage(request({ lang: 'ru' }) as never)).toBe('ru');
	});

	it('refuses any other ?lang=, a repeated one included, naming the languages', () => {
		for (const lang of ['de', 'ES', '', ['es', 'ru']]) {
			expect(() => contentLanguage(request({ lang }) as never), JSON.stringify(lang)).toThrow('lang: must be one of en, es, ru');
		}
	});

	it("follows the browser's language without ?lang=, else English", () => {
		expect(contentLanguage(request({}, 'es-ES,es;q=0.9') as never)).toBe('es');
		expect(contentLanguage(request({}, 'de-DE') as never)).toBe('en');
	});
});
