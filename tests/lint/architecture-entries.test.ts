/**
 * docs/architecture.md's table of bundle entries is where a reader learns what each entry does;
 * an entry added without its row is invisible there, so the table must list every entry the
 * bundle's package.json declares, by name and type, and nothing else.
 */
import { readFileSync } from 'node:fs';
import { repoPath } from '@epic/node-support/paths';
import { describe, expect, it } from 'vitest';

interface BundleEntry {
	type: string;
	name: string;
}

/** `stripe-endpoint` is listed as `stripe`, type endpoint: the name without its type's suffix. */
function declaredEntries(): string[] {
	const manifest = JSON.parse(readFileSync(repoPath('extensions', 'platform', 'package.json'), 'utf8')) as { 'directus:extension': { entries: BundleEntry[] } };
	return manifest['directus:extension'].entries.map(({ type, name }) => `${name.replace(new RegExp(`-${type}$`), '')} ${type}`).sort();
}

function documentedEntries(): string[] {
	const architecture = readFileSync(repoPath('docs', 'architecture.md'), 'utf8');
	const afterHeader = architecture.slice(architecture.indexOf('| entry | type | what it does |')).split('\n').slice(2);
	const rows = afterHeader.slice(
		0,
		afterHeader.findIndex((line) => !line.trim().startsWith('|')),
	);
	return rows
		.map((row) => row.split('|').map((cell) => cell.trim()))
		.map(([, name, type]) => `${name!.replace(/`/g, '')} ${type!.split(/[\s(]/)[0]}`)
		.sort();
}

describe("architecture.md's bundle entries", () => {
	it('lists every entry of extensions/platform/package.json, and only those', () => {
		expect(documentedEntries()).toEqual(declaredEntries());
	});
});
