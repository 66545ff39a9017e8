/**
 * The locale files and the source agree: every key the portal uses exists in every language, and
 * every key in the locale files is used somewhere. How uses are found, including keys built in
 * template literals and keys passed around as data, is described in `i18n-key-references.ts`.
 */
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ru from '../locales/ru.json';
import { keyReferences, type KeyReference } from './i18n-key-references';

const locales = { en, es, ru } as const;

/** The portal's own source: what ships, so neither tests nor type declarations count as uses. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts'], {
	query: '?raw',
	import: 'default',
	eager: true,
});

/** i18next plural suffixes: `x_one` and `x_other` are what t('x', { count }) reads. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function leafKeys(tree: unknown, prefix = ''): string[] {
	if (typeof tree !== 'object' || tree === null) return [prefix];
	return Object.entries(tree).flatMap(([name, child]) => leafKeys(child, prefix ? `${prefix}.${name}` : name));
}

/** A language's keys as code names them, with plural forms folded into their base key. */
const usableKeys = (tree: unknown) => new Set(leafKeys(tree).map((key) => key.replace(PLURAL_SUFFIX, '')));

const namespaces = new Set(Object.keys(en));
/** The glob's keys are relative to this folder (src/lib): `./x.ts`, `../components/y.tsx`. */
const sourcePath = (globKey: string) => globKey.replace(/^\.\//, 'src/lib/').replace(/^\.\.\//, 'src/');
const references: KeyReference[] = Object.entries(sources).flatMap(([file, text]) => keyReferences(sourcePath(file), text, namespaces));

const describeReference = (reference: KeyReference) => `${reference.kind === 'literal' ? reference.key : reference.source} (${reference.file})`;

describe('translation keys used by the source', () => {
	it('finds the source files and their keys', () => {
		// Guards the glob: an empty scan would pass every check below.
		expect(Object.keys(sources).length).toBeGreaterThan(50);
		expect(references.filter((reference) => reference.kind === 'literal').length).toBeGreaterThan(200);
		expect(references.filter((reference) => reference.kind === 'pattern').length).toBeGreaterThan(10);
	});

	it.each(Object.entries(locales))('all exist in %s', (_language, tree) => {
		const keys = usableKeys(tree);
		const missing = references.filter((reference) => (reference.kind === 'literal' ? !keys.has(reference.key) : ![...keys].some((key) => reference.pattern.test(key))));
		expect(missing.map(describeReference), 'keys the source uses that this language lacks').toEqual([]);
	});
});

describe('translation keys in the locale files', () => {
	it.each(Object.entries(locales))('are all used (%s)', (_language, tree) => {
		const literals = new Set(references.flatMap((reference) => (reference.kind === 'literal' ? [reference.key] : [])));
		const patterns = references.flatMap((reference) => (reference.kind === 'pattern' ? [reference.pattern] : []));
		const unused = [...usableKeys(tree)].filter((key) => !literals.has(key) && !patterns.some((pattern) => pattern.test(key)));
		expect(unused, 'keys no source file uses: remove them from every language').toEqual([]);
	});
});
