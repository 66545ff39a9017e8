/**
 * The portal's Chakra theme (portal/src/app/theme.ts) lists only the recipes of the components the
 * portal renders, which keeps every other recipe out of the first download. A component whose
 * recipe is missing still renders, without its styles, so this test is what notices: it finds every
 * name the portal imports from '@chakra-ui/react', follows Chakra's own files from that export to
 * the recipe keys its components ask for (`createSlotRecipeContext({ key: "menu" })`,
 * `useRecipe({ key: "button" })`, including components they render, such as a dialog's close
 * button), and expects the portal's system to have each one Chakra's default theme has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { repoPath } from '@epic/node-support/paths';
import { describe, expect, it } from 'vitest';
import { system } from '../../portal/src/app/theme.ts';

/** Chakra's ES build, wherever npm put it for the portal (…/dist/cjs/index.cjs → …/dist/esm). */
const CHAKRA_ESM = path.join(path.dirname(createRequire(repoPath('portal', 'package.json')).resolve('@chakra-ui/react')), '..', 'esm');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
	});
}

/** Every name the portal imports from '@chakra-ui/react' (types included; they match no export file). */
function chakraNamesUsed(): Set<string> {
	const names = new Set<string>();
	for (const file of sourceFiles(repoPath('portal', 'src'))) {
		for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
			for (const part of list!.split(',')) {
				const name = part
					.replace(/^\s*type\s+/, '')
					.split(/\s+as\s+/)[0]!
					.trim();
				if (name) names.add(name);
			}
		}
	}
	return names;
}

/** Chakra's index: exported name → the file that defines it. */
function chakraExportFiles(): Map<string, string> {
	const index = readFileSync(path.join(CHAKRA_ESM, 'index.js'), 'utf8');
	const files = new Map<string, string>();
	// Re-exports straight from Ark UI (Portal, …) carry no Chakra styling.
	for (const [, list, from] of index.matchAll(/export \{([^}]*)\} from '(\.[^']+)'/g)) {
		for (const part of list!.split(',')) {
			const exported = part
				.split(/\s+as\s+/)
				.pop()!
				.trim();
			files.set(exported, path.join(CHAKRA_ESM, from!));
		}
	}
	// `import * as namespace$u from './components/menu/namespace.js'` … `export { namespace$u as Menu }`
	const namespaces = new Map([...index.matchAll(/import \* as (\S+) from '([^']+)'/g)].map(([, local, from]) => [local!, from!]));
	for (const [, local, exported] of index.matchAll(/export \{ (\S+) as (\w+) \};/g)) {
		const from = namespaces.get(local!);
		if (from) files.set(exported!, path.join(CHAKRA_ESM, from));
	}
	return files;
}

/** The recipe keys asked for by `file` and every Chakra component file it imports. */
function recipeKeysFrom(file: string): Set<string> {
	const keys = new Set<string>();
	const seen = new Set<string>();
	const queue = [file];
	while (queue.length > 0) {
		const current = queue.pop()!;
		if (seen.has(current)) continue;
		seen.add(current);
		const text = readFileSync(current, 'utf8');
		for (const [, key] of text.matchAll(/key: "(\w+)"/g)) keys.add(key!);
		for (const [, from] of text.matchAll(/from '(\.[^']+)'/g)) {
			const target = path.resolve(path.dirname(current), from!);
			if (target.startsWith(path.join(CHAKRA_ESM, 'components'))) queue.push(target);
		}
	}
	return keys;
}

describe("the portal's Chakra theme", () => {
	it('has the recipe of every Chakra component the portal uses', () => {
		const exportFiles = chakraExportFiles();
		const used = chakraNamesUsed();
		expect(used.size, 'names imported from @chakra-ui/react').toBeGreaterThan(30);
		const missing: string[] = [];
		let checked = 0;
		for (const name of [...used].sort()) {
			const file = exportFiles.get(name);
			if (!file) continue; // a type or a function (createToaster, defineConfig), not a component export
			for (const key of recipeKeysFrom(file)) {
				// Keys Chakra's default theme has no recipe for are styled by props alone.
				if (!defaultSystem.hasRecipe(key)) continue;
				checked++;
				if (!system.hasRecipe(key)) missing.push(`${name} → ${key}`);
			}
		}
		expect(checked, 'recipes checked').toBeGreaterThan(20);
		expect(missing, 'recipes to add to portal/src/app/theme.ts').toEqual([]);
	});
});
