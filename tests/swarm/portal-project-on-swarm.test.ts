/**
 * The customer's and staff's paths on swarm: a control plane (SQLite, sandbox billing, its DNS
 * checks asking a DNS server the test runs) in front of a runtime with RUNTIME_DRIVER=swarm.
 * - A customer registers, subscribes and creates a project through the portal's API; the project's
 *   site is a Swarm service that serves through the router, signed in with the credentials the
 *   portal reveals to its owner.
 * - The owner's custom domain, once the portal's DNS check verifies it, serves the site from
 *   either node, over HTTPS too: the repository's Caddyfile, run by Caddy on the host in front of
 *   the runtime as the stack's `caddy` service runs it, issues the domain a certificate on demand
 *   (from its own CA) then and not before (Caddy's `ask`, the same for every driver, is the
 *   runtime's /tls-allowed).
 * - Staff's Project actions Flow, run as Studio runs it, suspends, resumes, restarts and backs up
 *   the swarm site.
 * - A clean stop of the runtime (as `docker stack rm` stops it) removes every site service.
 * The tests run in order on the one project.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DnsVerifyResult, Project, ProjectCredentials } from '@epic/platform-api';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { adminToken, api, useOwnControlPlane, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { startTestDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { startCaddy, type RunningCaddy } from '../support/caddy.ts';
import { hostRequest } from '../support/host-request.ts';
import { servedCertificate } from '../support/loopback-https.ts';
import { runProjectActions } from '../support/project-actions.ts';
import { siteServiceName } from '../support/swarm/site-records.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { startSwarmSites, type SwarmSites } from '../support/swarm/swarm-sites.ts';
import { managerHostname, runningNodeOf, runningTasksOf, servicesOfRuntime, setNodeAvailability } from '../support/swarm/test-swarm.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';
import { waitFor } from '../support/wait-for.ts';
import { holdForThisFile } from '../support/machine-lock.ts';

const WORKER = 'epicnode2';
/** Custom domains must point here (the control plane's PUBLIC_IP). */
const PUBLIC_IP = '203.0.113.10';

let swarm: SwarmSites;
let dns: TestDnsServer;
let controlPlane: RunningTestControlPlane;
let caddy: RunningCaddy;
let owner: TestCustomer;
let project: { id: string; subdomain: string };
let service: string;
let credentials: ProjectCredentials;

holdForThisFile('swarm');

beforeAll(async () => {
	const controlPlanePort = await freeLoopbackPort();
	swarm = await startSwarmSites(WORKER, { warmPoolSize: 1, controlPlaneUrl: `http://127.0.0.1:${controlPlanePort}` });
	dns = await startTestDnsServer();
	controlPlane = await bootTestControlPlane('sqlite3', {
		label: 'swarm',
		env: {
			PORT: String(controlPlanePort),
			PUBLIC_URL: swarm.runtime.routerUrl,
			PUBLIC_HOST: 'localhost',
			PUBLIC_IP,
			DNS_SERVERS: dns.address,
			DNS_TIMEOUT_MS: '1000',
			RUNTIME_URL: swarm.runtime.apiUrl,
			RUNTIME_SECRET: swarm.runtime.secret,
		},
	});
	const { stop: _stop, kill9: _kill9, restart: _restart, ...handle } = controlPlane;
	useOwnControlPlane(handle);
	caddy = await startCaddy({
		runtimeApiPort: swarm.runtime.apiPort,
		routerPort: swarm.runtime.routerPort,
		controlPlanePort,
		controlPlaneHost: 'localhost',
	});
}, 600_000);

afterAll(async () => {
	await caddy?.stop();
	await controlPlane?.stop();
	await dns?.close();
	await swarm?.destroy();
}, 120_000);

/** Whether the runtime lets Caddy issue a certificate for `domain` (Caddyfile, on_demand_tls ask). */
async function tlsAllowed(domain: string): Promise<number> {
	return (await fetch(`${swarm.runtime.apiUrl}/tls-allowed?domain=${encodeURIComponent(domain)}`)).status;
}

/** `path` on `host` over HTTPS through Caddy, trusting only Caddy's own CA. */
function throughCaddy(host: string, path: string) {
	return hostRequest(`https://127.0.0.1:${caddy.httpsPort}`, host, path, { ca: caddy.rootCertificate });
}

/** The site's admin, read through the router on `host` with a token signed in there. */
async function siteAdminEmailOn(host: string): Promise<string> {
	const token = await loginThroughRouter(swarm.runtime.routerUrl, host, credentials.admin_email, credentials.admin_password);
	const me = await hostRequest(swarm.runtime.routerUrl, host, '/users/me', { headers: { authorization: `Bearer ${token}` } });
	expect(me.status, me.body).toBe(200);
	return me.json<{ data: { email: string } }>().data.email;
}

/**
 * Waits for the site's relaunch with its URL on `host` (Directus reads PUBLIC_URL at start), which
 * replaces its task: stopped, then started again, never counted as a crash.
 */
async function siteRunsWithUrlOn(host: string): Promise<void> {
	const status = await waitFor(
		`the site to run with its URL on ${host}`,
		async () => {
			const current = await swarm.runtime.driver.instanceStatus(project.id);
			return current?.state === 'running' && current.publicUrl?.startsWith(`http://${host}`) && current;
		},
		120_000,
		250,
	);
	expect(status.restarts).toBe(0);
}

describe('a project created through the portal on swarm', () => {
	test('is a Swarm service serving through the router, with the owner’s credentials', async () => {
		owner = await registerVerifiedCustomer('swarmer');
		await subscribeInSandbox(owner);
		project = await publishedProject(owner, 'onswarm');
		// Taken from the warm pool, the site is started again with its own URL once the pool is full again.
		await siteRunsWithUrlOn(`${project.subdomain}.localhost`);

		service = await siteServiceName(swarm.runtime, project.id);
		expect([WORKER, await managerHostname()]).toContain(await runningNodeOf(service));
		credentials = (await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: owner.token })).body.data;
		expect(await siteAdminEmailOn(`${project.subdomain}.localhost`)).toBe(credentials.admin_email);
	});

	test('serves the owner’s custom domain once DNS verifies it, from either node, and over HTTPS with a certificate issued on demand only then', async () => {
		const domain = `www.${project.subdomain}.example.test`;
		const assigned = await api<Data<Project>>('PATCH', `/projects/${project.id}`, { token: owner.token, body: { domain } });
		expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
		// Assigned, not verified: no route and no certificate.
		expect((await hostRequest(swarm.runtime.routerUrl, domain, '/server/ping')).status).toBe(404);
		expect(await tlsAllowed(domain)).toBe(404);
		// Caddy asked, was refused, and so completes no handshake for the name.
		await expect(servedCertificate(domain, caddy.rootCertificate, caddy.httpsPort)).rejects.toMatchObject({ code: 'ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR' });

		dns.setA(domain, [PUBLIC_IP]);
		dns.setTxt(`_epic-cms-challenge.${domain}`, [assigned.body.data.domain_proof_value as string]);
		const verified = await api<Data<DnsVerifyResult>>('POST', '/dns-verify', { token: owner.token, body: { project_id: project.id, domain } });
		expect(verified.body.data).toEqual({ verified: true, message: 'DNS configuration verified successfully!' });
		expect((await swarm.runtime.driver.instanceStatus(project.id))?.domains).toEqual([domain]);
		await siteRunsWithUrlOn(domain);
		expect(await tlsAllowed(domain)).toBe(200);
		expect(await tlsAllowed(`other.${project.subdomain}.example.test`)).toBe(404);
		expect(await siteAdminEmailOn(domain)).toBe(credentials.admin_email);
		expect((await servedCertificate(domain, caddy.rootCertificate, caddy.httpsPort)).subjectaltname).toBe(`DNS:${domain}`);
		const secure = await throughCaddy(domain, '/server/ping');
		expect(secure.status, caddy.output().slice(-2000)).toBe(200);
		expect(secure.body).toBe('pong');

		// Its node drained, the site runs on the other, and the domain follows it.
		const ranOn = await runningNodeOf(service);
		await setNodeAvailability(ranOn, 'drain');
		try {
			await waitFor('the site to run on the other node', async () => (await runningNodeOf(service)) !== ranOn, 180_000, 250);
			expect(await siteAdminEmailOn(domain)).toBe(credentials.admin_email);
			expect((await throughCaddy(domain, '/server/ping')).body).toBe('pong');
		} finally {
			await setNodeAvailability(ranOn, 'active');
		}
		expect(await runningNodeOf(service)).not.toBe(ranOn);
		expect(await tlsAllowed(domain)).toBe(200);
	});

	test('lets staff suspend, resume, restart and back up the site through Studio’s Project actions Flow', async () => {
		const admin = await adminToken();
		const act = (action: string) => runProjectActions(admin, [project.id], { action });
		const host = `${project.subdomain}.localhost`;

		const suspended = await act('suspend');
		expect(suspended.body).toEqual({ action: 'suspend', done: [project.id], skipped: [], failed: [] });
		expect((await swarm.runtime.driver.instanceStatus(project.id))?.state).toBe('suspended');
		// A suspended site holds no task anywhere, and its hosts answer the suspended page.
		expect(await servicesOfRuntime(swarm.runtime.dataDir)).not.toContain(service);
		expect((await hostRequest(swarm.runtime.routerUrl, host, '/admin', { headers: { accept: 'text/html' } })).status).toBe(503);

		const resumed = await act('resume');
		expect(resumed.body).toEqual({ action: 'resume', done: [project.id], skipped: [], failed: [] });
		expect((await hostRequest(swarm.runtime.routerUrl, host, '/server/ping')).body).toBe('pong');
		const runningTask = async () => (await runningTasksOf(service))[0]?.id;
		const taskBefore = await runningTask();
		expect(taskBefore).toBeDefined();

		const restarted = await act('restart');
		expect(restarted.body).toEqual({ action: 'restart', done: [project.id], skipped: [], failed: [] });
		expect((await swarm.runtime.driver.instanceStatus(project.id))?.state).toBe('running');
		expect((await hostRequest(swarm.runtime.routerUrl, host, '/server/ping')).body).toBe('pong');
		const taskAfter = await runningTask();
		expect(taskAfter).toBeDefined();
		expect(taskAfter).not.toBe(taskBefore);

		const backedUp = await act('back-up');
		expect(backedUp.body).toEqual({ action: 'back-up', done: [project.id], skipped: [], failed: [] });
		expect((await swarm.runtime.driver.listBackups(project.id)).map((backup) => backup.kind)).toEqual(['manual']);
		expect(await siteAdminEmailOn(host)).toBe(credentials.admin_email);
	});

	test('leaves no site service behind once the runtime stops cleanly (SIGTERM), the warm pool’s included', async () => {
		const services = await servicesOfRuntime(swarm.runtime.dataDir);
		expect(services).toContain(service);
		// The project's site and the pool's member.
		expect(services).toHaveLength(2);
		await swarm.runtime.stop();
		expect(await servicesOfRuntime(swarm.runtime.dataDir)).toEqual([]);
	});
});
