/**
 * `GET /projects/{id}/storage` (docs/product.md, Projects API) with a real runtime: the owner reads
 * what their site stores, as the runtime measures it, against the quota the runtime enforces from
 * their plan; a file uploaded to the site shows in the figure; once the site stores its quota the
 * answer says full, and the router refuses an upload at that moment. A stranger gets nothing (the
 * project answers as missing), staff get any project's figures, and a control plane without a
 * runtime, or with one that is down, says storage is unavailable instead of showing zeros.
 */
import type { Project, ProjectCredentials, ProjectStorage } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, useOwnControlPlane, type ApiError, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { postSiteFile, uploadSiteFile, type SiteTarget } from '../support/site-admin.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

const MIB = 1024 * 1024;
/** The Pro plan's site_storage_quota_mb (migration 20990102F), which the sandbox subscription buys. */
const PRO_QUOTA_MB = 5120;

async function storageAs(token: string, projectId: string): Promise<ProjectStorage> {
	const answer = await api<{ data: ProjectStorage }>('GET', `/projects/${projectId}/storage`, { token });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	expect(answer.headers.get('cache-control')).toBe('no-store');
	return answer.body.data;
}

/** The figures, once the answer says they are available. */
function figures(storage: ProjectStorage): Extract<ProjectStorage, { available: true }> {
	if (!storage.available) throw new Error(`storage unavailable: ${storage.reason}`);
	return storage;
}

describe('a control plane without a runtime', () => {
	it('answers the owner that storage is not measured, with no figures, and nobody else', async () => {
		const [owner, stranger] = await Promise.all([registerVerifiedCustomer('storage-none'), registerVerifiedCustomer('storage-none-stranger')]);
		await subscribeInSandbox(owner);
		const created = await api<Data<Project>>('POST', '/projects', { token: owner.token, body: { name: 'Unmeasured', subdomain: `storage-none-${Date.now().toString(36)}` } });
		expect(created.status, JSON.stringify(created.body)).toBe(201);
		const id = created.body.data.id;

		expect(await storageAs(owner.token, id)).toEqual({ available: false, reason: 'not_configured' });
		const theirs = await api<ApiError>('GET', `/projects/${id}/storage`, { token: stranger.token });
		expect(theirs.status).toBe(404);
		expect(theirs.body.errors[0].extensions.code).toBe('PROJECT_NOT_FOUND');
		const anonymous = await api<ApiError>('GET', `/projects/${id}/storage`);
		expect(anonymous.status).toBe(401);
		expect(anonymous.body.errors[0].extensions.code).toBe('NOT_AUTHENTICATED');
	});
});

describe('a control plane with a runtime', () => {
	let runtime: TestRuntime;
	let own: RunningTestControlPlane;
	let owner: TestCustomer;
	let stranger: TestCustomer;
	let project: { id: string; subdomain: string };
	let site: SiteTarget;

	/** What the runtime measures for the site right now. */
	const measured = async (): Promise<number> => (await runtime.driver.instanceStatus(project.id))!.diskBytes!;

	beforeAll(async () => {
		runtime = new TestRuntime({ db: controlPlane().db, warmPoolSize: 1 });
		await runtime.start();
		own = await bootTestControlPlane(controlPlane().db, {
			label: 'storage',
			env: { RUNTIME_URL: runtime.apiUrl, RUNTIME_SECRET: runtime.secret, PUBLIC_HOST: 'localhost' },
		});
		const { stop: _stop, ...handle } = own;
		useOwnControlPlane(handle);
		[owner, stranger] = await Promise.all([registerVerifiedCustomer('storage-owner'), registerVerifiedCustomer('storage-stranger')]);
		await subscribeInSandbox(owner);
		project = await publishedProject(owner, 'storage');
		const { admin_email, admin_password } = (await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: owner.token })).body.data;
		const host = `${project.subdomain}.localhost`;
		site = { routerUrl: runtime.routerUrl, host, token: await loginThroughRouter(runtime.routerUrl, host, admin_email, admin_password) };
	}, 300_000);

	afterAll(async () => {
		await own?.stop();
		await runtime?.destroy();
	});

	it("gives the owner the site's storage as the runtime measures it, against the plan's quota", async () => {
		// The site's log and database only grow while the test reads: the answer lies between two measurements.
		const before = await measured();
		const storage = figures(await storageAs(owner.token, project.id));
		const after = await measured();
		expect(storage).toEqual({ available: true, used_bytes: storage.used_bytes, quota_bytes: PRO_QUOTA_MB * MIB, full: false });
		expect(storage.used_bytes).toBeGreaterThanOrEqual(before);
		expect(storage.used_bytes).toBeLessThanOrEqual(after);
		expect(before).toBeGreaterThan(0);

		// A file uploaded to the site counts at once.
		await uploadSiteFile(site, 'photo.bin', Buffer.alloc(2 * MIB, 'p'));
		const grown = figures(await storageAs(owner.token, project.id));
		expect(grown.used_bytes).toBeGreaterThanOrEqual(storage.used_bytes + 2 * MIB);
	});

	it('answers a stranger exactly like a missing project, and staff for any project', async () => {
		const theirs = await api<ApiError>('GET', `/projects/${project.id}/storage`, { token: stranger.token });
		expect(theirs.status).toBe(404);
		expect(theirs.body.errors[0].extensions.code).toBe('PROJECT_NOT_FOUND');
		expect(JSON.stringify(theirs.body)).not.toContain('used_bytes');
		const notAnId = await api('GET', '/projects/not-a-project/storage', { token: owner.token });
		expect(notAnId.status).toBe(404);

		const staff = figures(await storageAs(await adminToken(), project.id));
		expect(staff.quota_bytes).toBe(PRO_QUOTA_MB * MIB);
		expect(staff.used_bytes).toBeGreaterThan(2 * MIB);
	});

	it('says full once the site stores its quota, when the router refuses uploads', async () => {
		// A quota the site already fills, set where the plan's is kept: the runtime's record of the site.
		const quotaMb = Math.floor((await measured()) / MIB);
		await runtime.driver.setSiteResources(project.id, { storageQuotaMb: quotaMb });

		const storage = figures(await storageAs(owner.token, project.id));
		expect(storage.quota_bytes).toBe(quotaMb * MIB);
		expect(storage.used_bytes).toBeGreaterThanOrEqual(quotaMb * MIB);
		expect(storage.full).toBe(true);
		const refused = await postSiteFile(site, 'one-more.txt', Buffer.from('one more'));
		expect(refused.status).toBe(507);
	});

	it('says storage is unavailable while the runtime is down', async () => {
		await runtime.stop();
		expect(await storageAs(owner.token, project.id)).toEqual({ available: false, reason: 'unreachable' });
	}, 60_000);
});
