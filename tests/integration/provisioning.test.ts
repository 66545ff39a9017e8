/**
 * Provisioning end to end with the local runtime: a customer creates a project, the reconciler
 * drives it to `published` recording the four real steps, the revealed credentials sign in to the
 * project's own Directus through the router, a rotated password replaces them, the stored password
 * is never plaintext, another customer reaches nothing of it, a verified custom domain serves it, a
 * subscription that ends suspends the site and a new one brings it back, deleting removes the
 * instance with its data, and a control plane killed in the middle of a provisioning finishes it
 * after its restart, with one instance and no orphan. The owner's notifications tell of the
 * publication and of the domain served and dropped.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { CheckoutSessionCreated, DnsVerifyResult, NotificationList, Project, ProjectCredentials } from '@epic/platform-api';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, useOwnControlPlane, type ApiError, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { startTestDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { hostRequest } from '../support/host-request.ts';
import { findOrphans, instanceFolders, runtimeState } from '../support/runtime-inspection.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';
import { subscribeInSandbox, type SandboxClockAdvanced } from '../support/sandbox-subscription.ts';
import type { RecheckSummary } from '../../extensions/platform/src/lib/domains/routing/domain-routing.ts';
import { CredentialsCipher } from '../../extensions/platform/src/lib/projects/credentials/credentials-cipher.ts';
import { siteAddressFrom } from '../../extensions/platform/src/lib/projects/project-serializer.ts';
import { ProjectLicence } from '../../extensions/platform/src/lib/projects/licence/project-licence.ts';
import { ProjectReconciler } from '../../extensions/platform/src/lib/projects/provisioning/project-reconciler.ts';
import { ProvisioningLease } from '../../extensions/platform/src/lib/projects/provisioning/provisioning-lease.ts';
import { SiteCertificates } from '../../extensions/platform/src/lib/projects/provisioning/site-certificates.ts';
import { STAFF_PROJECT_ACTIONS } from '../../extensions/platform/src/lib/projects/staff/staff-project-actions.ts';
import { PROJECT_ACTIONS_FLOW, runProjectActions } from '../support/project-actions.ts';
import { readUntil } from '../support/wait-for.ts';

/** The flows migration H makes (migrations/20990101H-domain-recheck-flows.mjs). */
const MANUAL_RECHECK_FLOW = '3d1f6a52-8c0e-4b7a-9f21-6a5e0c4d2b21';
/** Migration H's six-hourly re-check. */
const SCHEDULED_RECHECK_FLOW = '3d1f6a52-8c0e-4b7a-9f21-6a5e0c4d2b11';
/** Custom domains must point here (PUBLIC_IP); the router listens on loopback. */
const PUBLIC_IP = '127.0.0.1';

let runtime: TestRuntime;
let dns: TestDnsServer;
let own: RunningTestControlPlane;
let db: Knex;
let admin: string;
let owner: TestCustomer;
let stranger: TestCustomer;
let projectId: string;
let subdomain: string;

/** Polls the project until `done` holds or the time is up, then returns the last answer. */
async function projectWhen(done: (project: Project) => boolean, timeoutMs = 90_000) {
	const read = async () => (await api<Data<Project>>('GET', `/projects/${projectId}`, { token: owner.token })).body.data;
	// `done` is given as a callback so that the answer keeps its own type.
	return readUntil(read, (project) => done(project), timeoutMs);
}

/** Polls the owner's notifications of `kind` about the project until there are `count`, or the time is up; returns them. */
async function notificationsWhen(kind: string, count: number, timeoutMs = 15_000) {
	const about = async () =>
		(await api<Data<NotificationList>>('GET', '/account/notifications', { token: owner.token })).body.data.notifications.filter(
			(notification) => notification.kind === kind && notification.project === projectId,
		);
	return readUntil(about, (found) => found.length >= count, timeoutMs);
}

beforeAll(async () => {
	const database = controlPlane().db;
	// No warm pool: every project is cloned cold, which takes long enough to kill the control plane
	// in the middle of it.
	runtime = new TestRuntime({ db: database, warmPoolSize: 0 });
	await runtime.start();
	dns = await startTestDnsServer();
	own = await bootTestControlPlane(database, {
		label: 'provisioning',
		env: {
			RUNTIME_URL: runtime.apiUrl,
			RUNTIME_SECRET: runtime.secret,
			PUBLIC_HOST: 'localhost',
			PUBLIC_IP,
			DNS_SERVERS: dns.address,
			DNS_TIMEOUT_MS: '1000',
		},
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	db = knex(own.knexConnection);
	admin = await adminToken();
	// This file runs the re-checks itself: the six-hourly one must not join in when a run crosses 00,
	// 06, 12 or 18 o'clock (it once did, and dropped the domain a second time).
	const scheduled = await api('PATCH', `/flows/${SCHEDULED_RECHECK_FLOW}`, { token: admin, body: { status: 'inactive' } });
	expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
	[owner, stranger] = await Promise.all([registerVerifiedCustomer('site-owner'), registerVerifiedCustomer('stranger')]);
	await subscribeInSandbox(owner);
}, 240_000);

afterAll(async () => {
	await db?.destroy();
	await own?.stop();
	await runtime?.destroy();
	await dns?.close();
});

describe('provisioning', () => {
	it('drives a new project to published, recording the real steps', async () => {
		subdomain = `shop-${randomBytes(3).toString('hex')}`;
		const created = await api<Data<Project>>('POST', '/projects', { token: owner.token, body: { name: 'Owner Shop', subdomain } });
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		projectId = created.body.data.id;

		const project = await projectWhen((candidate) => ['published', 'failed'].includes(candidate.status));
		expect(project.failure_reason).toBeNull();
		expect(project.status).toBe('published');
		expect(project.steps.map((step: { name: string; state: string }) => [step.name, step.state])).toEqual([
			['infrastructure', 'complete'],
			['database', 'complete'],
			['domain', 'complete'],
			// This installation serves plain HTTP: the certificate step says so instead of claiming done.
			['certificate', 'skipped'],
		]);
		for (const step of project.steps.slice(0, 3)) {
			expect(Date.parse(step.finished_at!)).toBeGreaterThanOrEqual(Date.parse(step.started_at!));
		}
		expect(project.steps[1]!.detail).toBe('The database was cloned from the instance template');
		expect(project.steps[0]!.detail).toBe("The project's own Directus is running");
		expect(project.steps[3]!.detail).toBe('This installation has no TLS: sites are served over plain HTTP');
		expect(project.steps[3]!.started_at).toBeNull();
		expect(project.url).toMatch(new RegExp(`^http://${subdomain}\\.localhost(:\\d+)?$`));
		expect(project.admin_url).toBe(`${project.url}/admin`);
		const instance = await runtime.driver.instanceStatus(projectId);
		expect(instance?.state).toBe('running');
		// The runtime got the Pro plan's limits for the site's container (migration 20990102C).
		expect(instance?.resources).toEqual({ memoryMb: 512, cpuShares: 1024, uploadMaxMb: 200, storageQuotaMb: 5120, mailPerHour: 200 });

		// The owner is told, and no one else.
		const ready = await notificationsWhen('project_ready', 1);
		expect(ready).toEqual([expect.objectContaining({ params: { project_name: 'Owner Shop' }, read_at: null })]);
		expect((await api<Data<NotificationList>>('GET', '/account/notifications', { token: stranger.token })).body.data).toEqual({ notifications: [], unread: 0 });
	});

	it("gives the running site the new plan's limits when its owner changes plan", async () => {
		const changed = await api<Data<CheckoutSessionCreated>>('POST', '/stripe/create-checkout-session', { token: owner.token, body: { plan_id: 'business', period: 'monthly' } });
		expect(changed.status, JSON.stringify(changed.body)).toBe(200);
		expect(changed.body.data.kind).toBe('changed');
		// Billing announces the change; the projects code calls the runtime right after the response.
		const instance = await readUntil(
			() => runtime.driver.instanceStatus(projectId),
			(now) => now?.resources?.memoryMb === 1024,
			15_000,
			200,
		);
		// The Business plan's limits (migration 20990102C), and the site serves on.
		expect(instance?.resources).toEqual({ memoryMb: 1024, cpuShares: 2048, uploadMaxMb: 1024, storageQuotaMb: 20480, mailPerHour: 1000 });
		expect(instance?.state).toBe('running');
	});

	it('reveals the credentials to the owner only, stored encrypted, and they open the project', async () => {
		const revealed = await api<Data<ProjectCredentials>>('GET', `/projects/${projectId}/credentials`, { token: owner.token });
		expect(revealed.status).toBe(200);
		expect(revealed.headers.get('cache-control')).toBe('no-store');
		const { admin_email, admin_password } = revealed.body.data;
		expect(admin_email).toBe(owner.email);
		expect(admin_password).toHaveLength(24);

		const [row] = await db('projects').select('admin_password').where({ id: projectId });
		expect(row.admin_password).toMatch(/^v1:/);
		expect(row.admin_password).not.toContain(admin_password);

		expect(await loginThroughRouter(runtime.routerUrl, `${subdomain}.localhost`, admin_email, admin_password)).toBeTruthy();

		for (const [method, path] of [
			['GET', `/projects/${projectId}/credentials`],
			['POST', `/projects/${projectId}/rotate-password`],
			['GET', `/projects/${projectId}`],
		] as const) {
			const refused = await api(method, path, { token: stranger.token });
			expect(refused.status, path).toBe(404);
			expect(JSON.stringify(refused.body)).not.toContain(admin_password);
		}
	});

	it('rotates the admin password through the runtime', async () => {
		const before = (await api<Data<ProjectCredentials>>('GET', `/projects/${projectId}/credentials`, { token: owner.token })).body.data;
		const rotated = await api<Data<ProjectCredentials>>('POST', `/projects/${projectId}/rotate-password`, { token: owner.token });
		expect(rotated.status).toBe(200);
		expect(rotated.body.data.admin_password).not.toBe(before.admin_password);
		expect(await loginThroughRouter(runtime.routerUrl, `${subdomain}.localhost`, owner.email, rotated.body.data.admin_password)).toBeTruthy();
		await expect(loginThroughRouter(runtime.routerUrl, `${subdomain}.localhost`, owner.email, before.admin_password)).rejects.toThrow(/401/);
		expect((await api<Data<ProjectCredentials>>('GET', `/projects/${projectId}/credentials`, { token: owner.token })).body.data.admin_password).toBe(
			rotated.body.data.admin_password,
		);
	});

	it('serves a custom domain once DNS verifies it, and stops after a day of failed re-checks, telling the owner', async () => {
		const domain = `www.${subdomain}.example.test`;
		const credentials = (await api<Data<ProjectCredentials>>('GET', `/projects/${projectId}/credentials`, { token: owner.token })).body.data;
		const assigned = await api<Data<Project>>('PATCH', `/projects/${projectId}`, { token: owner.token, body: { domain } });
		expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
		expect(assigned.body.data).toMatchObject({ domain, domain_verified_at: null });
		const platformAddress = new URL(assigned.body.data.url!);
		expect(platformAddress.hostname).toBe(`${subdomain}.localhost`);
		// Assigned but not verified: the router does not know the domain.
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(404);

		// The domain does not point here yet: the check says so and nothing is routed.
		dns.setA(domain, ['198.51.100.7']);
		const wrong = await api<Data<DnsVerifyResult>>('POST', '/dns-verify', { token: owner.token, body: { project_id: projectId, domain } });
		expect(wrong.body.data.verified).toBe(false);
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(404);

		// Pointing here is not enough: without the project's proof record anyone could take a domain
		// that still points at the platform.
		dns.setA(domain, [PUBLIC_IP]);
		const unproven = await api<Data<DnsVerifyResult>>('POST', '/dns-verify', { token: owner.token, body: { project_id: projectId, domain } });
		const proofValue = assigned.body.data.domain_proof_value as string;
		expect(proofValue).toMatch(/^epic-cms-verification=[0-9a-f]{32}$/);
		expect(unproven.body.data).toEqual({
			verified: false,
			message: `${domain} points here. To prove it is yours, add a TXT record named _epic-cms-challenge.${domain} with the value ${proofValue}.`,
		});
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(404);

		dns.setTxt(`_epic-cms-challenge.${domain}`, [proofValue]);
		const verified = await api<Data<DnsVerifyResult>>('POST', '/dns-verify', { token: owner.token, body: { project_id: projectId, domain } });
		expect(verified.body.data).toEqual({ verified: true, message: 'DNS configuration verified successfully!' });
		const served = (await api<Data<Project>>('GET', `/projects/${projectId}`, { token: owner.token })).body.data;
		expect(served.domain_verified_at).not.toBeNull();
		// Same scheme and port as every site, on the custom domain.
		expect(served.url).toBe(`http://${domain}${platformAddress.port ? `:${platformAddress.port}` : ''}`);
		expect((await runtime.driver.instanceStatus(projectId))?.domains).toEqual([domain]);
		// The project's own Directus, on the custom domain, with the revealed credentials.
		expect(await loginThroughRouter(runtime.routerUrl, domain, owner.email, credentials.admin_password)).toBeTruthy();
		expect(await notificationsWhen('domain_verified', 1)).toEqual([expect.objectContaining({ params: { project_name: 'Owner Shop', domain } })]);

		// Staff's manual Flow re-checks; a customer may not run it.
		const recheck = (token: string) => api<RecheckSummary>('POST', `/flows/trigger/${MANUAL_RECHECK_FLOW}`, { token, body: { collection: 'projects', keys: [projectId] } });
		expect((await recheck(owner.token)).status).toBe(403);
		dns.setA(domain, ['198.51.100.7']);
		const failed = await recheck(admin);
		expect(failed.status, JSON.stringify(failed.body)).toBe(200);
		expect(failed.body).toMatchObject({ checked: 1, verified: 0, failing: [domain], unrouted: [] });
		expect((await api<Data<Project>>('GET', `/projects/${projectId}`, { token: owner.token })).body.data).toMatchObject({ domain_failed_checks: 1, url: served.url });
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(200);

		// Two more failures over a day: the second of them as if the first had been 25 hours ago (the
		// rule's clock is tested in domain-check-policy.test.ts; here, what dropping the domain does).
		await db('projects')
			.where({ id: projectId })
			.update({ domain_failures: 2, domain_failing_since: own.db === 'pg' ? new Date(Date.now() - 25 * 3600_000) : Date.now() - 25 * 3600_000 });
		// Two re-checks at once (the scheduled one and staff's, say): the domain is dropped, and its
		// owner told, once.
		const both = await Promise.all([recheck(admin), recheck(admin)]);
		expect(both.map((answer) => answer.body.checked)).toEqual([1, 1]);
		expect(both.flatMap((answer) => answer.body.unrouted)).toEqual([domain]);
		const unrouted = (await api<Data<Project>>('GET', `/projects/${projectId}`, { token: owner.token })).body.data;
		expect(unrouted).toMatchObject({ domain, domain_verified_at: null, domain_failed_checks: 0 });
		expect(unrouted.url).toBe(platformAddress.origin);
		expect((await runtime.driver.instanceStatus(projectId))?.domains).toEqual([]);
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(404);
		const email = await waitForEmail(owner.email, new RegExp(`^${domain.replaceAll('.', '\\.')} is no longer connected to Owner Shop$`));
		expect(email.text).toContain(`A record to ${PUBLIC_IP}`);
		expect(await notificationsWhen('domain_lost', 1)).toEqual([expect.objectContaining({ params: { project_name: 'Owner Shop', domain } })]);

		// Pointing here again and checking again serves it again.
		dns.setA(domain, [PUBLIC_IP]);
		expect((await api<Data<DnsVerifyResult>>('POST', '/dns-verify', { token: owner.token, body: { project_id: projectId, domain } })).body.data.verified).toBe(true);
		expect((await runtime.driver.instanceStatus(projectId))?.domains).toEqual([domain]);
		expect(await notificationsWhen('domain_verified', 2)).toHaveLength(2);
		// Removing the domain stops serving it at once.
		expect((await api<Data<Project>>('PATCH', `/projects/${projectId}`, { token: owner.token, body: { domain: null } })).body.data).toMatchObject({
			domain: null,
			domain_verified_at: null,
		});
		expect((await runtime.driver.instanceStatus(projectId))?.domains).toEqual([]);
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(404);
	}, 90_000);

	it("takes a domain only with the project's own proof, and the prover evicts a squatter's claim", async () => {
		const domain = `shop.${subdomain}.example.test`;
		const proof = `_epic-cms-challenge.${domain}`;
		// The stranger claims the domain first, on a project of their own: a claim blocks nobody.
		const squat = await api<{ data: { id: string } }>('POST', '/items/projects', {
			token: admin,
			body: { owner: stranger.id, name: 'Squat', subdomain: `squat-${randomBytes(3).toString('hex')}`, status: 'draft', admin_email: stranger.email },
		});
		expect(squat.status, JSON.stringify(squat.body)).toBe(200);
		const squatId = squat.body.data.id;
		expect((await api('PATCH', `/projects/${squatId}`, { token: stranger.token, body: { domain } })).status).toBe(200);
		const claimed = await api<Data<Project>>('PATCH', `/projects/${projectId}`, { token: owner.token, body: { domain } });
		expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
		const ownerProof = claimed.body.data.domain_proof_value as string;
		const squatterProof = (await api<Data<Project>>('GET', `/projects/${squatId}`, { token: stranger.token })).body.data.domain_proof_value as string;
		expect(squatterProof).not.toBe(ownerProof);

		// The domain points here, but its proof record holds the other project's value: not routed.
		dns.setA(domain, [PUBLIC_IP]);
		dns.setTxt(proof, [squatterProof]);
		const mismatch = await api<Data<DnsVerifyResult>>('POST', '/dns-verify', { token: owner.token, body: { project_id: projectId, domain } });
		expect(mismatch.body.data.verified).toBe(false);
		expect(mismatch.body.data.message).toBe(
			`${proof} does not hold this project's value. To prove ${domain} is yours, add a TXT record named ${proof} with the value ${ownerProof}.`,
		);
		expect((await runtime.driver.instanceStatus(projectId))?.domains).toEqual([]);
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(404);

		// The real owner's value: served, and the squatter's claim is gone, its owner told.
		dns.setTxt(proof, [ownerProof]);
		expect((await api<Data<DnsVerifyResult>>('POST', '/dns-verify', { token: owner.token, body: { project_id: projectId, domain } })).body.data.verified).toBe(true);
		expect((await runtime.driver.instanceStatus(projectId))?.domains).toEqual([domain]);
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(200);
		expect((await api<Data<Project>>('GET', `/projects/${squatId}`, { token: stranger.token })).body.data).toMatchObject({ domain: null, domain_verified_at: null });
		const told = (await api<Data<NotificationList>>('GET', '/account/notifications', { token: stranger.token })).body.data.notifications;
		// The reconciler provisions the draft squat project meanwhile, so its owner may also hear "ready".
		expect(told.filter((notification) => notification.project === squatId && notification.kind !== 'project_ready')).toEqual([
			expect.objectContaining({ kind: 'domain_claimed_elsewhere', params: { project_name: 'Squat', domain } }),
		]);
		// The squatter's own check of the domain finds the owner's value, not theirs.
		const squatterCheck = await api<Data<DnsVerifyResult>>('POST', '/dns-verify', { token: stranger.token, body: { project_id: squatId, domain } });
		expect(squatterCheck.body.data.verified).toBe(false);

		expect((await api('PATCH', `/projects/${projectId}`, { token: owner.token, body: { domain: null } })).status).toBe(200);
		expect((await hostRequest(runtime.routerUrl, domain, '/server/ping')).status).toBe(404);
	}, 60_000);

	it('suspends the site when the subscription ends', async () => {
		expect((await api('POST', '/stripe/subscription/cancel', { token: owner.token })).status).toBe(200);
		const moved = await api<Data<SandboxClockAdvanced>>('POST', '/stripe/sandbox/advance-clock', { token: admin, body: { days: 40 } });
		expect(moved.status, JSON.stringify(moved.body)).toBe(200);
		expect(moved.body.data.renewals.ended).toBe(1);
		const project = await projectWhen((candidate) => candidate.status === 'suspended', 40_000);
		expect(project.status).toBe('suspended');
		expect((await runtime.driver.instanceStatus(projectId))?.state).toBe('suspended');
		const page = await hostRequest(runtime.routerUrl, `${subdomain}.localhost`, '/admin', { headers: { accept: 'text/html' } });
		expect(page.status).toBe(503);
		expect(page.body).toContain('data-page="suspended"');
		// Credentials are for published projects only.
		expect((await api<ApiError>('GET', `/projects/${projectId}/credentials`, { token: owner.token })).body.errors[0].extensions.code).toBe('PROJECT_NOT_READY');
	}, 60_000);

	it('brings the site back when the owner subscribes again', async () => {
		await subscribeInSandbox(owner);
		const project = await projectWhen((candidate) => candidate.status === 'published', 40_000);
		expect(project.status).toBe('published');
		expect((await runtime.driver.instanceStatus(projectId))?.state).not.toBe('suspended');
		const credentials = (await api<Data<ProjectCredentials>>('GET', `/projects/${projectId}/credentials`, { token: owner.token })).body.data;
		expect(await loginThroughRouter(runtime.routerUrl, `${subdomain}.localhost`, owner.email, credentials.admin_password)).toBeTruthy();
	}, 60_000);

	it("lets staff suspend, resume, restart and back up the project through Studio's Project actions Flow; billing leaves a staff suspension alone", async () => {
		const act = (token: string, action: string, keys: string[] = [projectId]) => runProjectActions(token, keys, { action });
		const row = async () => (await db('projects').select('status', 'suspended_by').where({ id: projectId }).first()) as { status: string; suspended_by: string | null };

		// A customer may not run it, even on their own project.
		expect((await act(owner.token, 'suspend')).status).toBe(403);
		expect(await row()).toEqual({ status: 'published', suspended_by: null });

		const suspended = await act(admin, 'suspend');
		expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
		expect(suspended.body).toEqual({ action: 'suspend', done: [projectId], skipped: [], failed: [] });
		expect(await row()).toEqual({ status: 'suspended', suspended_by: 'staff' });
		expect((await runtime.driver.instanceStatus(projectId))?.state).toBe('suspended');
		const page = await hostRequest(runtime.routerUrl, `${subdomain}.localhost`, '/admin', { headers: { accept: 'text/html' } });
		expect(page.status).toBe(503);

		// The owner pays, but billing's pass (every 15 s; run here directly) resumes only what billing suspended.
		const cipher = new CredentialsCipher(randomBytes(32).toString('base64url'));
		const billingPass = new ProjectReconciler({
			database: db,
			driver: runtime.driver,
			cipher,
			licence: new ProjectLicence({ database: db, driver: runtime.driver, cipher, logger: { info: () => {}, warn: (message) => expect.fail(message) } }),
			lease: new ProvisioningLease(db, 'test-billing-pass', 30_000),
			address: siteAddressFrom('http://localhost', 'localhost'),
			certificates: new SiteCertificates({ database: db, check: null, now: () => new Date(), logger: { error: (message) => expect.fail(message) } }),
			now: () => new Date(),
			logger: { info: () => {}, error: (message) => expect.fail(message) },
			// The suspension pass tells nobody anything.
			notices: { owe: async (_trx, key) => expect.fail(`owed ${key}`), deliver: async (key) => expect.fail(`delivered ${key}`) },
		});
		await billingPass.reconcileSuspensions();
		expect(await row()).toEqual({ status: 'suspended', suspended_by: 'staff' });

		// A second suspend is skipped with the reason; an unknown project is named.
		const again = await act(admin, 'suspend', [projectId, 'no-such-project']);
		expect(again.body).toEqual({
			action: 'suspend',
			done: [],
			skipped: [
				{ project: projectId, reason: 'it is suspended, not published' },
				{ project: 'no-such-project', reason: 'no such project' },
			],
			failed: [],
		});

		const resumed = await act(admin, 'resume');
		expect(resumed.body).toEqual({ action: 'resume', done: [projectId], skipped: [], failed: [] });
		expect(await row()).toEqual({ status: 'published', suspended_by: null });
		expect((await hostRequest(runtime.routerUrl, `${subdomain}.localhost`, '/server/ping')).body).toBe('pong');

		const pidBefore = (await runtime.driver.instanceStatus(projectId))?.pid;
		const restarted = await act(admin, 'restart');
		expect(restarted.body).toEqual({ action: 'restart', done: [projectId], skipped: [], failed: [] });
		const afterRestart = await runtime.driver.instanceStatus(projectId);
		expect(afterRestart?.state).toBe('running');
		expect(afterRestart?.pid).not.toBe(pidBefore);

		const backedUp = await act(admin, 'back-up');
		expect(backedUp.body).toEqual({ action: 'back-up', done: [projectId], skipped: [], failed: [] });
		expect((await runtime.driver.listBackups(projectId)).map((backup) => backup.kind)).toEqual(['manual']);

		// Bad input is refused with the reason (as the Flow's data: Studio and its log show it) and changes nothing.
		expect((await act(admin, 'explode')).body).toEqual({ error: `Unknown action "explode": choose one of ${STAFF_PROJECT_ACTIONS.join(', ')}` });
		// The Flow requires a selection: Directus itself refuses a run without one.
		expect((await act(admin, 'suspend', [])).status).toBe(403);
		expect(await row()).toEqual({ status: 'published', suspended_by: null });
		expect((await runtime.driver.instanceStatus(projectId))?.state).toBe('running');
	}, 90_000);

	it("lets staff upgrade the project's Directus through the Project actions Flow", async () => {
		// Migration L offers the action in the Flow's dialog.
		const flow = (await db('directus_flows').where({ id: PROJECT_ACTIONS_FLOW }).first('options')) as { options: unknown };
		const options = (typeof flow.options === 'string' ? JSON.parse(flow.options) : flow.options) as { fields: { field: string; meta: { options: { choices: unknown[] } } }[] };
		expect(options.fields.find((field) => field.field === 'action')?.meta.options.choices).toContainEqual({ text: 'Upgrade Directus', value: 'upgrade' });

		const upgraded = await runProjectActions(admin, [projectId], { action: 'upgrade' });

		expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
		expect(upgraded.body).toEqual({ action: 'upgrade', done: [projectId], skipped: [], failed: [] });
		expect(await runtime.driver.instanceStatus(projectId)).toMatchObject({ state: 'running', upgradeFailure: null });
		expect((await runtime.driver.listBackups(projectId)).map((backup) => backup.kind)).toEqual(['pre-upgrade', 'manual']);
		expect((await hostRequest(runtime.routerUrl, `${subdomain}.localhost`, '/server/ping')).body).toBe('pong');
	}, 90_000);

	it('deletes the instance and its data with the project', async () => {
		const folder = path.basename(runtimeState(runtime.dataDir).instances[projectId]!.dir);
		expect(instanceFolders(runtime.dataDir)).toContain(folder);
		expect((await api('DELETE', `/projects/${projectId}`, { token: owner.token })).status).toBe(204);
		expect(await runtime.driver.instanceStatus(projectId)).toBeNull();
		expect(await db('projects').where({ id: projectId })).toEqual([]);
		// The instance's folder (its SQLite database and uploads) is gone, and nothing is orphaned.
		expect(instanceFolders(runtime.dataDir)).not.toContain(folder);
		expect(findOrphans(runtime.dataDir)).toEqual({ processes: [], folders: [] });
		expect((await hostRequest(runtime.routerUrl, `${subdomain}.localhost`, '/server/ping')).status).toBe(404);
	});
});

describe('a control plane killed mid-provisioning', () => {
	it('finishes the project after its restart, with one instance and no orphan', async () => {
		await subscribeInSandbox(stranger);
		subdomain = `crash-${randomBytes(3).toString('hex')}`;
		const created = await api<Data<Project>>('POST', '/projects', { token: stranger.token, body: { name: 'Crash Site', subdomain } });
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const id = created.body.data.id;

		await readUntil(
			() => db('projects').where({ id }).first(),
			(row) => row.status === 'pending',
			30_000,
			20,
		);
		await own.kill9();
		// The kill came while the project was being provisioned, or this test proves nothing.
		expect((await db('projects').where({ id }).first()).status).toBe('pending');

		await own.restart();
		const readProject = async () => (await api<Data<Project>>('GET', `/projects/${id}`, { token: stranger.token })).body.data;
		const project = await readUntil(readProject, (now) => ['published', 'failed'].includes(now.status), 120_000, 500);
		// The runtime's log says how long its boots took, should the site not have answered in time.
		expect(project.failure_reason, runtime.output().slice(-4000)).toBeNull();
		expect(project.status).toBe('published');

		const listed = await fetch(`${runtime.apiUrl}/instances`, { headers: { authorization: `Bearer ${runtime.secret}` } });
		const instances = ((await listed.json()) as { data: { projectId: string }[] }).data;
		expect(instances.filter((instance) => instance.projectId === id)).toHaveLength(1);
		const projects = new Set((await db('projects').select('id')).map((project: { id: string }) => project.id));
		expect(instances.filter((instance) => !projects.has(instance.projectId))).toEqual([]);

		const { admin_password } = (await api<Data<ProjectCredentials>>('GET', `/projects/${id}/credentials`, { token: stranger.token })).body.data;
		expect(await loginThroughRouter(runtime.routerUrl, `${subdomain}.localhost`, stranger.email, admin_password)).toBeTruthy();
	}, 240_000);
});
