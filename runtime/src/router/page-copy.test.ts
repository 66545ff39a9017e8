import { describe, expect, it } from 'vitest';
import { PAGE_COPY, pickLanguage } from './page-copy.ts';

describe('pickLanguage', () => {
	it('takes the first supported language by preference', () => {
		expect(pickLanguage('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
		expect(pickLanguage('de-DE,de;q=0.9,es;q=0.8,en;q=0.5')).toBe('es');
		expect(pickLanguage('en;q=0.2,es;q=0.9')).toBe('es');
	});

	it('falls back to English for missing or unsupported headers', () => {
		expect(pickLanguage(undefined)).toBe('en');
		expect(pickLanguage('')).toBe('en');
		expect(pickLanguage('de,fr;q=0.5')).toBe('en');
		expect(pickLanguage('es;q=abc')).toBe('es');
	});

	it('has every page in every language', () => {
		const kinds = Object.keys(PAGE_COPY.en).sort();
		expect(Object.keys(PAGE_COPY.es).sort()).toEqual(kinds);
		expect(Object.keys(PAGE_COPY.ru).sort()).toEqual(kinds);
	});
});
