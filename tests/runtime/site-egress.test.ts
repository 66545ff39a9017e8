/**
 * What a site may reach on a tenant's behalf (docs/access-model.md, Attacks closed, and the test that stops each): a Flow's Request URL
 * (and `/files/import`, which uses the same client) never reaches loopback, private, CGNAT,
 * link-local (cloud metadata) or ULA addresses, and a site never hands mail to the machine's
 * sendmail.
 *
 * Directus checks an address against IMPORT_IP_DENY_LIST before it connects, so a refusal sends
 * no packet. The first test checks that the site was given the list; only then are private
 * addresses named at all, so a site without it never sends traffic to a private range.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { instanceDirOf, processEnvironment } from '../support/runtime-inspection.ts';
import { waitFor } from '../support/wait-for.ts';
import { siteRequest, type SiteTarget } from '../support/site-admin.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

const admin = { email: 'egress@example.com', password: 'egress-secret-password' };
const host = 'egress.localhost';
let runtime: TestRuntime;
let site: SiteTarget;
let flowId: string;
/** Set once the site is known to refuse private ranges: only then are they named at all. */
let refusesBeforeConnecting = false;

/** Runs the site's Flow: a Request URL operation to `url`; the site's answer. */
async function requestFromSite(url: string): Promise<{ status: number; body: string }> {
	const answer = await hostRequest(runtime.routerUrl, host, `/flows/trigger/${flowId}`, {
		method: 'POST',
		...jsonBody({ url }),
		headers: { authorization: `Bearer ${site.token}`, 'content-type': 'application/json' },
		timeoutMs: 20_000,
	});
	return { status: answer.status, body: answer.body };
}

beforeAll(async () => {
	runtime = new TestRuntime({ warmPoolSize: 0 });
	await runtime.start();
	await runtime.driver.ensureInstance({ projectId: 'p-egress', subdomain: 'egress', projectName: 'Egress', admin });
	site = { routerUrl: runtime.routerUrl, host, token: await loginThroughRouter(runtime.routerUrl, host, admin.email, admin.password) };

	const flow = await siteRequest<{ data: { id: string } }>(site, 'POST', '/flows', 200, {
		name: 'Fetch a URL',
		status: 'active',
		trigger: 'webhook',
		accountability: 'all',
		options: { method: 'POST', return: '$last' },
	});
	flowId = flow.data.id;
	// A refused request goes down the reject path, whose operation answers with the error's message.
	const failure = await siteRequest<{ data: { id: string } }>(site, 'POST', '/operations', 200, {
		flow: flowId,
		key: 'failure',
		name: 'Failure',
		type: 'transform',
		position_x: 37,
		position_y: 19,
		options: { json: { refused: '{{$last.message}}' } },
	});
	const operation = await siteRequest<{ data: { id: string } }>(site, 'POST', '/operations', 200, {
		flow: flowId,
		key: 'fetch',
		name: 'Fetch',
		type: 'request',
		position_x: 19,
		position_y: 1,
		options: { method: 'GET', url: '{{$trigger.body.url}}' },
		reject: failure.data.id,
	});
	await siteRequest(site, 'PATCH', `/flows/${flowId}`, 200, { operation: operation.data.id });
}, 180_000);

afterAll(async () => {
	await runtime?.destroy();
});

const DENIED = /resolves to a denied IP address/;

describe('a site reaches no private address', () => {
	test("the site's Directus is told to refuse every private range before it connects", async () => {
		const { pid } = (await runtime.driver.instanceStatus('p-egress'))!;
		const denied = (processEnvironment(pid!)?.get('IMPORT_IP_DENY_LIST') ?? '').split(',');
		expect(denied).toEqual(
			expect.arrayContaining(['0.0.0.0', '127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16', '::1/128', 'fc00::/7', 'fe80::/10']),
		);
		refusesBeforeConnecting = true;
	});

	test.each([
		['private 10/8', 'http://10.0.0.1/'],
		['private 172.16/12', 'http://172.16.5.4/'],
		['private 192.168/16', 'http://192.168.1.1/'],
		['CGNAT 100.64/10', 'http://100.64.0.1/'],
		['link-local cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
		['IPv6 unique local', 'http://[fd00::1]/'],
		['IPv6 link-local', 'http://[fe80::1]/'],
		['IPv6 loopback', 'http://[::1]/'],
		['another loopback address', 'http://127.0.0.2/'],
	])("a Flow's request to %s is refused", async (_range, url) => {
		expect(refusesBeforeConnecting, 'the site was not given the deny list: no private address is tried').toBe(true);
		const answer = await requestFromSite(url);
		expect(answer.status).toBe(200);
		expect(JSON.parse(answer.body)).toEqual({ refused: expect.stringMatching(DENIED) });
	});

	test('the site sends no mail through the machine: its transport is not sendmail', async () => {
		const settings = await siteRequest<{ data: { project_name: string } }>(site, 'GET', '/settings', 200);
		expect(settings.data.project_name).toBeTruthy();
		// An invitation is the mail a customer's editor would trigger; it must fail saying why.
		const invited = await hostRequest(runtime.routerUrl, host, '/users/invite', {
			method: 'POST',
			...jsonBody({ email: 'editor@example.com', role: await adminRoleOf(site) }),
			headers: { authorization: `Bearer ${site.token}`, 'content-type': 'application/json' },
		});
		expect(invited.status).toBe(204);
		const log = await waitForLogLine(/sending-mail-is-not-available-on-this-platform\.invalid/);
		expect(log).not.toMatch(/sendmail/i);
	});
});

async function adminRoleOf(target: SiteTarget): Promise<string> {
	const me = await siteRequest<{ data: { role: string } }>(target, 'GET', '/users/me?fields=role', 200);
	return me.data.role;
}

/** The site's own log (directus.log in its folder) once it has a line matching `pattern`. */
async function waitForLogLine(pattern: RegExp): Promise<string> {
	const file = `${instanceDirOf(runtime.dataDir, 'p-egress')}/directus.log`;
	const logWithLine = () => {
		const text = readFileSync(file, 'utf8');
		return pattern.test(text) ? text : null;
	};
	try {
		return await waitFor(`a line matching ${pattern} in the site's log`, logWithLine, 15_000, 200);
	} catch (error) {
		throw new Error(`${(error as Error).message}; it ends: ${readFileSync(file, 'utf8').slice(-800)}`);
	}
}
