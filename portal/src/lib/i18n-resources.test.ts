import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ru from '../locales/ru.json';

const resources = { en, es, ru } as const;

/** i18next plural suffixes; each language needs a different subset of them. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Leaf = { key: string; value: unknown };

function leaves(tree: unknown, prefix = ''): Leaf[] {
	if (typeof tree !== 'object' || tree === null) return [{ key: prefix, value: tree }];
	return Object.entries(tree).flatMap(([name, child]) => leaves(child, prefix ? `${prefix}.${name}` : name));
}

/** Key set with plural variants folded into their base key, so languages with different plural rules compare equal. */
const baseKeys = (tree: unknown): string[] => [...new Set(leaves(tree).map(({ key }) => key.replace(PLURAL_SUFFIX, '')))].sort();

describe('locale resources', () => {
	it('have the same nested keys in every language', () => {
		expect(baseKeys(es)).toEqual(baseKeys(en));
		expect(baseKeys(ru)).toEqual(baseKeys(en));
	});

	it.each(Object.entries(resources))('%s has only non-empty strings', (_language, tree) => {
		for (const { key, value } of leaves(tree)) {
			expect(typeof value, key).toBe('string');
			expect(String(value).trim(), key).not.toBe('');
		}
	});

	it.each(Object.entries(resources))('%s has every plural form its language uses', (language, tree) => {
		const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
		const keys = new Set(leaves(tree).map(({ key }) => key));
		const pluralBases = new Set([...keys].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
		for (const base of pluralBases) {
			for (const category of needed) {
				expect(keys.has(`${base}_${category}`), `${base}_${category}`).toBe(true);
			}
		}
	});

	it.each(Object.entries(resources))('%s keeps the same {{placeholders}} as English', (_language, tree) => {
		const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
		const english = new Map(leaves(en).map(({ key, value }) => [key.replace(PLURAL_SUFFIX, ''), placeholders(value)]));
		for (const { key, value } of leaves(tree)) {
			expect(placeholders(value), key).toEqual(english.get(key.replace(PLURAL_SUFFIX, '')));
		}
	});
});
