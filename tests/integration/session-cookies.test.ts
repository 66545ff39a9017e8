/**
 * Sign-in cookies on an https platform (docs/access-model.md, Cookies across tenants): customers run
 * script on their sites, which may live under the control plane's registrable domain, so the
 * control plane's cookies are `Secure` and `__Host-` (a site cannot set one with a Domain
 * attribute), and HSTS is on. A control plane of this file's own, told its public URL is https.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, controlPlane, useOwnControlPlane } from '../support/api.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';

let own: RunningTestControlPlane;

beforeAll(async () => {
	own = await bootTestControlPlane(controlPlane().db, {
		label: 'cookies',
		env: { PUBLIC_URL: 'https://app.cookies.example.com', PUBLIC_HOST: 'sites.cookies.example.com' },
		// Nothing serves that https address here: the tests talk to the control plane directly.
		reachAtListenAddress: true,
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
}, 180_000);

afterAll(async () => {
	await own?.stop();
});

async function signIn(mode: 'session' | 'cookie'): Promise<Response> {
	return fetch(`${controlPlane().url}/auth/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email: controlPlane().adminEmail, password: controlPlane().adminPassword, mode }),
	});
}

/** A Set-Cookie header's name and its attributes, lower-cased. */
function parsed(header: string): { name: string; attributes: string[] } {
	const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
	return { name: pair.split('=')[0]!, attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}

describe('sign-in cookies on https', () => {
	it("Studio's session cookie is __Host-, Secure, HttpOnly, SameSite=Lax, Path=/ and has no Domain", async () => {
		const answer = await signIn('session');
		expect(answer.status).toBe(200);
		const cookies = answer.headers.getSetCookie().map(parsed);
		expect(cookies.map((cookie) => cookie.name)).toEqual(['__Host-epic_session']);
		const [session] = cookies;
		expect(session!.attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
		expect(session!.attributes.some((attribute) => attribute.startsWith('domain='))).toBe(false);
	});

	it('the refresh cookie is __Host- and Secure too', async () => {
		const cookies = (await signIn('cookie')).headers.getSetCookie().map(parsed);
		expect(cookies.map((cookie) => cookie.name)).toEqual(['__Host-epic_refresh']);
		expect(cookies[0]!.attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'path=/']));
	});

	it('answers with HSTS', async () => {
		const answer = await fetch(`${controlPlane().url}/server/ping`);
		expect(answer.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
		expect(await adminToken()).toBeTruthy();
	});
});
