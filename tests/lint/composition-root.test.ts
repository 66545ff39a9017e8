/**
 * The bundle builds the services its entries share in one place, lib/platform-services.ts
 * (docs/architecture.md, Control plane). A module-level `let` elsewhere in lib/ is a second,
 * hidden singleton: built from whichever context reached it first, invisible to the root and to
 * the next engineer. Module-level constants (schemas, locks, tables) are not services and stay.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoPath } from '@epic/node-support/paths';
import { describe, expect, it } from 'vitest';

const LIB = repoPath('extensions', 'platform', 'src', 'lib');
const ROOT = path.join(LIB, 'platform-services.ts');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
	});
}

describe("the bundle's composition root", () => {
	it('is the only module of lib/ with module-level mutable state', () => {
		const offenders = sourceFiles(LIB)
			.filter((file) => file !== ROOT)
			.flatMap((file) =>
				readFileSync(file, 'utf8')
					.split('\n')
					.map((line, index) => ({ line, at: `${path.relative(LIB, file)}:${index + 1}` }))
					.filter(({ line }) => /^(export )?let /.test(line))
					.map(({ at, line }) => `${at} ${line.trim()}`),
			);
		expect(offenders).toEqual([]);
	});

	it('holds one', () => {
		expect(readFileSync(ROOT, 'utf8')).toMatch(/^let root: PlatformServices/m);
	});
});
