import { describe, expect, it } from 'vitest';
import { inLanguageOrEnglish } from './in-language.ts';

const items = [
	{ id: 1, language: 'en' },
	{ id: 2, language: 'es' },
	{ id: 3, language: 'en' },
	{ id: 4, language: 'es' },
];

describe('inLanguageOrEnglish', () => {
	it('keeps only the asked language when it has items, in their order', () => {
		expect(inLanguageOrEnglish(items, 'es').map((item) => item.id)).toEqual([2, 4]);
	});

	it('falls back to the English items as a whole when the asked language has none', () => {
		expect(inLanguageOrEnglish(items, 'ru').map((item) => item.id)).toEqual([1, 3]);
	});

	it('answers nothing when neither language has items', () => {
		expect(inLanguageOrEnglish([{ id: 5, language: 'es' }], 'ru')).toEqual([]);
	});
});
