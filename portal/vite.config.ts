import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * React and the router, which every page needs and which change rarely, get a long-cached chunk
 * of their own. Nothing else is grouped: a group takes every matching module the app uses anywhere,
 * so a group for Chakra or for all of node_modules put every page's components (dialogs, tabs,
 * tables…) into the first download of the landing page. Without one, each library module goes
 * with the pages that use it (`npm run bench:portal` measures the first download).
 */
const VENDOR_GROUPS = [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ }];

/**
 * Chakra's theme helpers return their argument unchanged, but the bundler cannot see that across
 * modules and keeps every recipe Chakra defines. Declared pure, the recipes the portal's theme does
 * not list (src/app/theme.ts) drop out of the bundle.
 */
const CHAKRA_THEME_HELPERS = [
	'defineConfig',
	'defineRecipe',
	'defineSlotRecipe',
	'defineStyle',
	'defineKeyframes',
	'defineGlobalStyles',
	'defineTextStyles',
	'defineAnimationStyles',
	'defineLayerStyles',
	'defineTokens',
	'defineSemanticTokens',
];

/**
 * Two builds: the app for browsers (`dist/`), and with `--ssr` the server renderer the control
 * plane loads to draw the landing page (`dist/server/`, src/server-render). The server build
 * carries its libraries inside, so the control plane needs none of the portal's dependencies.
 */
export default defineConfig(({ isSsrBuild }) => ({
	base: '/',
	plugins: [react()],
	ssr: { noExternal: true },
	build: isSsrBuild
		? { outDir: 'dist/server', copyPublicDir: false }
		: {
				outDir: 'dist',
				// The control plane's Directus owns /assets/* (uploaded files), so the
				// portal's hashed bundles must live under a path Directus does not route.
				assetsDir: 'portal-assets',
				rolldownOptions: {
					treeshake: { manualPureFunctions: CHAKRA_THEME_HELPERS },
					output: { codeSplitting: { groups: VENDOR_GROUPS } },
				},
			},
}));
