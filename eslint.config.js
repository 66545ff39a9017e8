/**
 * Lint, run by `npm test`. Besides the usual TypeScript and React-hooks rules it encodes who may
 * import whom (docs/architecture.md, Dependency rules), so the layering is enforced rather than followed:
 * a violation fails the run. `tests/lint/boundaries.test.ts` proves each boundary by linting a
 * violation. Paths between folders are checked on resolved files (import/no-restricted-paths);
 * workspace packages by their names (no-restricted-imports), since the node resolver does not read
 * the packages' `exports`.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const PORTAL_FEATURES = readdirSync(new URL('./portal/src/features', import.meta.url), { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name);

/** Code that ships: it may never reach into the repository's tooling. */
const PRODUCT_CODE = ['./extensions', './portal', './runtime', './packages'];
const TOOLING = ['./scripts', './tests', './bench'];

const boundaries = [
	...PRODUCT_CODE.map((target) => ({
		target,
		from: TOOLING,
		message: 'Product code never imports scripts/, tests/ or bench/: move what is shared into a package under packages/.',
	})),
	{
		target: './runtime',
		from: ['./extensions', './portal', './packages/local-platform', './packages/platform-api', './packages/stripe-client'],
		message: 'The runtime talks to the control plane only through @epic/runtime-contract.',
	},
	{
		target: './extensions',
		from: ['./runtime', './portal', './packages/node-support', './packages/local-platform'],
		message: 'The control plane reaches the runtime only through @epic/runtime-contract and its driver.',
	},
	{
		target: './packages',
		from: ['./extensions', './portal', './runtime'],
		message: 'Packages are the bottom layer: they import no plane.',
	},
	{
		target: './portal',
		from: ['./extensions', './runtime', './packages/node-support', './packages/local-platform', './packages/runtime-contract', './packages/stripe-client'],
		message: 'The portal knows the control plane only through its HTTP API and @epic/platform-api.',
	},
	// bulletproof-react: shared code (lib, components, config) → features → app, never back.
	{
		target: ['./portal/src/lib', './portal/src/components', './portal/src/config'],
		from: ['./portal/src/features', './portal/src/app'],
		message: 'Shared portal code never imports a feature or the app.',
	},
	{
		target: './portal/src/features',
		from: './portal/src/app',
		message: 'A feature never imports the app; the app composes features.',
	},
	...PORTAL_FEATURES.map((feature) => ({
		target: `./portal/src/features/${feature}`,
		from: './portal/src/features',
		except: [`./${feature}`],
		message: 'A portal feature never imports another feature: compose them in app/, or move shared code to lib/ or components/.',
	})),
];

/** The same layering for imports by package name: which workspace packages each plane may not use. */
function forbidPackages(names, message) {
	return ['error', { patterns: [{ group: names.flatMap((name) => [name, `${name}/*`]), message }] }];
}

const packageBoundaries = [
	{
		files: ['runtime/**/*.ts'],
		rules: {
			'no-restricted-imports': forbidPackages(
				['@epic/directus-extension-platform', '@epic/portal', '@epic/local-platform', '@epic/platform-api', '@epic/stripe-client'],
				'The runtime talks to the control plane only through @epic/runtime-contract.',
			),
		},
	},
	{
		files: ['extensions/**/*.ts'],
		rules: {
			'no-restricted-imports': forbidPackages(
				['@epic/runtime', '@epic/portal', '@epic/node-support', '@epic/local-platform'],
				'The control plane reaches the runtime only through @epic/runtime-contract and its driver.',
			),
		},
	},
	{
		files: ['portal/**/*.{ts,tsx}'],
		rules: {
			'no-restricted-imports': forbidPackages(
				['@epic/runtime', '@epic/directus-extension-platform', '@epic/runtime-contract', '@epic/node-support', '@epic/local-platform', '@epic/stripe-client'],
				'The portal knows the control plane only through its HTTP API and @epic/platform-api.',
			),
		},
	},
	{
		files: ['packages/**/*.ts'],
		rules: {
			'no-restricted-imports': forbidPackages(['@epic/runtime', '@epic/directus-extension-platform', '@epic/portal'], 'Packages are the bottom layer: they import no plane.'),
		},
	},
];

export default tseslint.config(
	{ ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'portal/public/**', '**/*.mjs'] },
	js.configs.recommended,
	tseslint.configs.recommended,
	{
		languageOptions: {
			globals: { ...globals.node },
			parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
		},
		plugins: { import: importPlugin },
		settings: {
			'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
		},
		rules: {
			'import/no-restricted-paths': ['error', { zones: boundaries }],
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
		},
	},
	...packageBoundaries,
	{
		files: ['portal/src/**/*.{ts,tsx}'],
		languageOptions: { globals: { ...globals.browser } },
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'error',
		},
	},
	{
		// Tests read the answers of the API under test loosely; the assertions are the type check.
		files: ['tests/**/*.ts', 'bench/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
	{
		// Build and lint config files are plain modules outside every tsconfig.
		files: ['eslint.config.js', 'extensions/platform/extension.config.js'],
		...tseslint.configs.disableTypeChecked,
	},
);
