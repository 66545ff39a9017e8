import { describe, expect, it } from 'vitest';
import { acceptedLanguage } from './request-language.ts';

const SUPPORTED = ['en', 'es', 'ru'] as const;

describe('acceptedLanguage', () => {
	it('takes the first supported language of the header, by its prefix', () => {
		expect(acceptedLanguage('es-ES,es;q=0.9,en;q=0.8', SUPPORTED, 'en')).toBe('es');
		expect(acceptedLanguage('de-DE, RU;q=0.5', SUPPORTED, 'en')).toBe('ru');
	});

	it('falls back without a header or without a supported language', () => {
		expect(acceptedLanguage(undefined, SUPPORTED, 'en')).toBe('en');
		expect(acceptedLanguage('', SUPPORTED, 'en')).toBe('en');
		expect(acceptedLanguage('de,fr;q=0.8', SUPPORTED, 'en')).toBe('en');
	});
});
