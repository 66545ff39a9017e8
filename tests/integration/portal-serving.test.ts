/**
 * The control plane serves the portal at `/` with deep links working on reload, while `/admin`,
 * the API and Directus's JSON 404s are unaffected.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { controlPlane } from '../support/api.ts';
import { TEST_PUBLIC_HOST, TEST_SUPPORT_EMAIL } from '../support/test-control-plane.ts';

const html = { accept: 'text/html,application/xhtml+xml' };

async function get(path: string, headers: Record<string, string> = html) {
	return fetch(`${controlPlane().url}${path}`, { headers, redirect: 'manual' });
}

describe('portal serving', () => {
	it('serves the portal shell on deep links, and / with the landing page already drawn', async () => {
		for (const path of ['/help', '/dashboard', '/some/unknown/page']) {
			const response = await get(path);
			expect(response.status, path).toBe(200);
			expect(response.headers.get('cache-control'), path).toBe('no-cache');
			expect(await response.text(), path).toContain('<div id="root"></div>');
		}
		const landing = await get('/');
		expect(landing.status).toBe(200);
		expect(landing.headers.get('cache-control')).toBe('no-cache');
		expect(landing.headers.get('vary')).toContain('Accept-Language');
		expect(await landing.text()).toContain('<div id="root" data-server-rendered><a href="#chakra-skip-nav"');
	});

	it("draws / in the browser's language with the active plans, and lets only its own inline script run", async () => {
		const plans = (await (await get('/stripe/plans?lang=es', {})).json()) as { data: { name: string }[] };
		expect(plans.data.length).toBeGreaterThan(0);
		const response = await get('/', { ...html, 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' });
		const page = await response.text();
		expect(page).toContain('<html lang="es" dir="ltr">');
		expect(page).toContain('>Tu propio CMS headless, alojado y listo en minutos</h1>');
		for (const plan of plans.data) expect(page).toContain(`>${plan.name}</`);
		// No module script: the app is fetched by the boot script when the visitor does something.
		expect(page).not.toContain('<script type="module"');
		const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
		expect(inline).toHaveLength(1);
		const hash = createHash('sha256').update(inline[0]!).digest('base64');
		const policy = response.headers.get('content-security-policy') ?? '';
		expect(policy).toMatch(new RegExp(`script-src 'sha256-${hash.replace(/[+/=]/g, '\\$&')}' 'self'`));
		expect(policy.match(/'sha256-/g)).toHaveLength(1);
	});

	it('leaves / to the app for JSON clients and other methods', async () => {
		const json = await get('/', { accept: 'application/json' });
		expect(await json.text()).not.toContain('data-server-rendered');
		const post = await fetch(`${controlPlane().url}/`, { method: 'POST', headers: html });
		expect(await post.text()).not.toContain('data-server-rendered');
	});

	it('serves the portal for a browser reload on /auth, which Directus also answers', async () => {
		const page = await get('/auth?mode=register');
		expect(page.status).toBe(200);
		expect(await page.text()).toContain('<div id="root">');
		const providers = await get('/auth', {});
		expect(providers.headers.get('content-type')).toContain('application/json');
		expect(await providers.json()).toHaveProperty('data');
	});

	it('serves hashed bundles with long-lived caching', async () => {
		const page = await (await get('/help')).text();
		const script = page.match(/src="(\/portal-assets\/[^"]+\.js)"/)?.[1];
		expect(script).toBeTruthy();
		const response = await get(script!, {});
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toContain('javascript');
		expect(response.headers.get('cache-control')).toContain('immutable');
	});

	it('refuses paths that climb out of the build folder', async () => {
		const response = await get('/portal-assets/..%2f..%2fpackage.json', {});
		expect(response.status).toBe(404);
		expect(await response.text()).not.toContain('"workspaces"');
	});

	it('leaves Studio, the API and API 404s alone', async () => {
		const studio = await get('/admin/');
		expect(studio.status).toBe(200);
		const studioPage = await studio.text();
		expect(studioPage).toContain('<div id="app"');
		expect(studioPage).not.toContain('<div id="root">');
		const ping = await get('/server/ping', {});
		expect(await ping.text()).toBe('pong');
		const unknownApi = await get('/items/no_such_collection', html);
		expect(unknownApi.status).toBe(403);
		expect(unknownApi.headers.get('content-type')).toContain('application/json');
		const unknownEndpoint = await get('/stripe/no-such-route', html);
		expect(unknownEndpoint.status).toBe(404);
		expect(unknownEndpoint.headers.get('content-type')).toContain('application/json');
	});

	it('answers JSON clients on unknown paths with JSON, not the portal', async () => {
		const response = await get('/not-a-page', { accept: 'application/json' });
		expect(response.status).toBe(404);
		expect(response.headers.get('content-type')).toContain('application/json');
	});

	it('gives the portal the operator settings from the environment', async () => {
		const response = await get('/portal/config', {});
		expect(response.status).toBe(200);
		// Sites are served on the control plane's scheme and port (PUBLIC_URL): plain HTTP here.
		const port = new URL(controlPlane().url).port;
		expect(await response.json()).toEqual({
			data: { supportEmail: TEST_SUPPORT_EMAIL, publicHost: TEST_PUBLIC_HOST, siteHostSuffix: `${TEST_PUBLIC_HOST}:${port}`, sitesOverHttps: false, publicIp: null },
		});
	});

	it('sends a Content-Security-Policy with portal pages', async () => {
		const response = await get('/');
		expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
	});
});
