/**
 * The lint config's boundaries are rules that fire, not comments: each case lints a violating
 * import in a real file of the layer it protects and expects the boundary rule to reject it, and
 * the same file with an allowed import to pass.
 */
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { repoPath } from '@epic/node-support/paths';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
	eslint = new ESLint({ cwd: repoPath() });
});

/** The rule ids the linter reports for `file` when its content is `code`. */
async function rulesFiredOn(file: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath: repoPath(file) });
	if (!result) throw new Error(`ESLint returned no result for ${file}`);
	const fatal = result.messages.find((message) => message.fatal);
	if (fatal) throw new Error(`ESLint could not parse ${file}: ${fatal.message}`);
	return result.messages.map((message) => message.ruleId ?? 'none');
}

/** A file's real content with one more import line on top. */
function withImport(file: string, importLine: string): string {
	return `${importLine}\n${readFileSync(repoPath(file), 'utf8')}`;
}

const PATH_BOUNDARY = 'import/no-restricted-paths';
const PACKAGE_BOUNDARY = 'no-restricted-imports';

describe('import boundaries', () => {
	const violations: [string, string, string][] = [
		['a portal feature imports another feature', 'portal/src/features/landing/lib/use-scroll-to-hash.ts', "import '../../auth/components/auth-page';"],
		['shared portal code imports a feature', 'portal/src/lib/format-money.ts', "import '../features/landing/lib/use-scroll-to-hash';"],
		['shared portal code imports the app', 'portal/src/components/layout/logo.tsx', "import '../../app/routes';"],
		['the runtime imports the extension', 'runtime/src/config.ts', "import '../../extensions/platform/src/lib/runtime-driver/runtime-driver.ts';"],
		['the extension imports the runtime', 'extensions/platform/src/lib/errors.ts', "import '../../../../runtime/src/config.ts';"],
		['the runtime imports the tests', 'runtime/src/config.ts', "import '../../tests/support/api.ts';"],
		['a package imports scripts/', 'packages/node-support/src/env.ts', "import '../../../scripts/test.ts';"],
		['the extension imports a benchmark', 'extensions/platform/src/lib/errors.ts', "import '../../../../bench/lib/statistics.ts';"],
	];

	const packageViolations: [string, string, string][] = [
		['the portal imports the runtime contract', 'portal/src/lib/format-money.ts', "import '@epic/runtime-contract';"],
		['the runtime imports the local platform', 'runtime/src/config.ts', "import '@epic/local-platform/config';"],
		['the extension imports node support', 'extensions/platform/src/lib/errors.ts', "import '@epic/node-support/paths';"],
		['a package imports the runtime', 'packages/node-support/src/env.ts', "import '@epic/runtime';"],
	];

	for (const [name, file, importLine] of packageViolations) {
		it(`rejects: ${name}`, async () => {
			expect(await rulesFiredOn(file, withImport(file, importLine))).toContain(PACKAGE_BOUNDARY);
		}, 60_000);
	}

	for (const [name, file, importLine] of violations) {
		it(`rejects: ${name}`, async () => {
			expect(await rulesFiredOn(file, withImport(file, importLine))).toContain(PATH_BOUNDARY);
		}, 60_000);
	}

	const allowed: [string, string, string][] = [
		['the runtime imports the contract package', 'runtime/src/config.ts', "import '@epic/runtime-contract';"],
		['the extension imports the contract package', 'extensions/platform/src/lib/errors.ts', "import '@epic/runtime-contract';"],
		['a feature imports shared portal code', 'portal/src/features/landing/lib/use-scroll-to-hash.ts', "import '../../../lib/format-money';"],
	];

	for (const [name, file, importLine] of allowed) {
		it(`allows: ${name}`, async () => {
			const fired = await rulesFiredOn(file, withImport(file, importLine));
			expect(fired).not.toContain(PATH_BOUNDARY);
			expect(fired).not.toContain(PACKAGE_BOUNDARY);
		}, 60_000);
	}
});

describe('code rules', () => {
	it('rejects a floating promise', async () => {
		const file = 'runtime/src/config.ts';
		const code = `${readFileSync(repoPath(file), 'utf8')}\nasync function later(): Promise<void> {}\nlater();\n`;
		expect(await rulesFiredOn(file, code)).toContain('@typescript-eslint/no-floating-promises');
	}, 60_000);

	it('rejects a hook called conditionally', async () => {
		const file = 'portal/src/components/layout/logo.tsx';
		const code = `import { useState } from 'react';\nexport function Broken({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n`;
		expect(await rulesFiredOn(file, code)).toContain('react-hooks/rules-of-hooks');
	}, 60_000);

	it('passes the files as they are', async () => {
		for (const file of ['runtime/src/config.ts', 'portal/src/features/landing/lib/use-scroll-to-hash.ts', 'extensions/platform/src/lib/errors.ts']) {
			expect(await rulesFiredOn(file, readFileSync(repoPath(file), 'utf8')), file).toEqual([]);
		}
	}, 60_000);
});
