/**
 * Self-service backups through the control plane, against a real runtime: the owner lists, backs up
 * now (refused while one runs and past the hourly allowance), downloads a real archive and restores
 * it, following the job's real steps until the site has its old data back. Another customer gets
 * 404 on every route, exactly as for a missing project; callers without a token get 401. The
 * scheduled run, driven directly, keeps exactly the plan's retention of scheduled backups and
 * carries on past a project whose backup fails.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_BACKUPS_PER_HOUR, type ProjectBackup, type ProjectCredentials, type ProjectRestoreJob } from '@epic/platform-api';
import { backupManifest } from '@epic/runtime-contract';
import { scheduledBackupTargets } from '../../extensions/platform/src/lib/backups/scheduled-backup-targets.ts';
import { runScheduledBackups, type ScheduledBackupOutcome } from '../../extensions/platform/src/lib/backups/scheduled-backups.ts';
import { adminToken, api, controlPlane, useOwnControlPlane, type ApiError, type ApiResponse, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest, jsonBody } from '../support/host-request.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';
import { readUntil } from '../support/wait-for.ts';

let runtime: TestRuntime;
let own: RunningTestControlPlane;
let db: Knex;
let owner: TestCustomer;
let stranger: TestCustomer;
let ownerProject: { id: string; subdomain: string };
let strangerProject: { id: string; subdomain: string };
let firstBackup: ProjectBackup;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'epic-backups-api-'));

function expectRefusal(response: ApiResponse<unknown>, status: number, code: string, label: string): void {
	expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(status);
	expect((response.body as ApiError).errors[0]?.extensions.code, label).toBe(code);
}

async function listBackups(token: string, projectId: string): Promise<ProjectBackup[]> {
	const listed = await api<{ data: ProjectBackup[] }>('GET', `/projects/${projectId}/backups`, { token });
	expect(listed.status, JSON.stringify(listed.body)).toBe(200);
	return listed.body.data;
}

async function backUpNow(token: string, projectId: string): Promise<ProjectBackup> {
	const created = await api<{ data: ProjectBackup }>('POST', `/projects/${projectId}/backups`, { token });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	return created.body.data;
}

/** The owner's site's own Directus, as its admin, through the router. */
async function siteAdminToken(): Promise<string> {
	const { admin_email, admin_password } = (await api<Data<ProjectCredentials>>('GET', `/projects/${ownerProject.id}/credentials`, { token: owner.token })).body.data;
	return loginThroughRouter(runtime.routerUrl, `${ownerProject.subdomain}.localhost`, admin_email, admin_password);
}

async function siteName(): Promise<string> {
	const token = await siteAdminToken();
	const response = await hostRequest(runtime.routerUrl, `${ownerProject.subdomain}.localhost`, '/settings', { headers: { authorization: `Bearer ${token}` } });
	expect(response.status, response.body).toBe(200);
	return response.json().data.project_name;
}

async function renameSite(name: string): Promise<void> {
	const token = await siteAdminToken();
	const body = jsonBody({ project_name: name });
	const response = await hostRequest(runtime.routerUrl, `${ownerProject.subdomain}.localhost`, '/settings', {
		method: 'PATCH',
		body: body.body,
		headers: { ...body.headers, authorization: `Bearer ${token}` },
	});
	expect(response.status, response.body).toBe(200);
}

/** Polls the restore job until it is no longer running or the time is up; returns the last answer. */
function restoreJobWhenFinished(jobId: string, timeoutMs = 120_000): Promise<ProjectRestoreJob> {
	const read = async () => (await api<{ data: ProjectRestoreJob }>('GET', `/projects/${ownerProject.id}/restores/${jobId}`, { token: owner.token })).body.data;
	return readUntil(read, (job) => job.state !== 'running', timeoutMs);
}

beforeAll(async () => {
	const database = controlPlane().db;
	runtime = new TestRuntime({ db: database, warmPoolSize: 1 });
	await runtime.start();
	own = await bootTestControlPlane(database, {
		label: 'backups-api',
		env: { RUNTIME_URL: runtime.apiUrl, RUNTIME_SECRET: runtime.secret, PUBLIC_HOST: 'localhost' },
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	db = knex(own.knexConnection);
	[owner, stranger] = await Promise.all([registerVerifiedCustomer('backup-owner'), registerVerifiedCustomer('backup-stranger')]);
	await subscribeInSandbox(owner);
	await subscribeInSandbox(stranger);
	ownerProject = await publishedProject(owner, 'kept');
	strangerProject = await publishedProject(stranger, 'other');
}, 300_000);

afterAll(async () => {
	await db?.destroy();
	await own?.stop();
	await runtime?.destroy();
	rmSync(workDir, { recursive: true, force: true });
});

describe('backups API', () => {
	it('refuses callers without a token', async () => {
		const someBackup = '20260131T120000000Z-0a1b2c3d';
		for (const [method, route] of [
			['GET', `/projects/${ownerProject.id}/backups`],
			['POST', `/projects/${ownerProject.id}/backups`],
			['GET', `/projects/${ownerProject.id}/backups/${someBackup}/download`],
			['POST', `/projects/${ownerProject.id}/backups/${someBackup}/restore`],
			['GET', `/projects/${ownerProject.id}/restores/${randomUUID()}`],
		] as const) {
			expectRefusal(await api(method, route), 401, 'NOT_AUTHENTICATED', `${method} ${route}`);
		}
		expect(await runtime.driver.listBackups(ownerProject.id)).toEqual([]);
	});

	it('lets the owner back up now and list the backup', async () => {
		expect(await listBackups(owner.token, ownerProject.id)).toEqual([]);
		firstBackup = await backUpNow(owner.token, ownerProject.id);
		expect(firstBackup.kind).toBe('manual');
		expect(firstBackup.size).toBeGreaterThan(0);
		expect(Object.keys(firstBackup).sort()).toEqual(['created_at', 'id', 'kind', 'size']);
		expect(await listBackups(owner.token, ownerProject.id)).toEqual([firstBackup]);
	});

	it('streams the archive to the owner, a gzip whose manifest names the project', async () => {
		const response = await fetch(`${own.url}/projects/${ownerProject.id}/backups/${firstBackup.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/gzip');
		expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${ownerProject.subdomain}-${firstBackup.id}.tar.gz"`);
		const bytes = Buffer.from(await response.arrayBuffer());
		expect(bytes.length).toBe(firstBackup.size);
		expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

		const archive = path.join(workDir, 'download.tar.gz');
		writeFileSync(archive, bytes);
		await tar.x({ file: archive, cwd: workDir, filter: (entry) => entry === 'manifest.json' });
		const manifest = backupManifest.parse(JSON.parse(readFileSync(path.join(workDir, 'manifest.json'), 'utf8')));
		expect(manifest.projectId).toBe(ownerProject.id);
		expect(manifest.id).toBe(firstBackup.id);
	});

	it('restores a backup: 202 with a job whose real steps run to success, and the site has its old data back', async () => {
		await renameSite('Before the restore');
		const before = await backUpNow(owner.token, ownerProject.id);
		await renameSite('After the backup');
		expect(await siteName()).toBe('After the backup');

		const started = await api<{ data: ProjectRestoreJob }>('POST', `/projects/${ownerProject.id}/backups/${before.id}/restore`, { token: owner.token });
		expect(started.status, JSON.stringify(started.body)).toBe(202);
		expect(started.body.data.backup_id).toBe(before.id);
		expect(started.body.data.state).toBe('running');

		const job = await restoreJobWhenFinished(started.body.data.id);
		expect(job.error).toBeNull();
		expect(job.state).toBe('succeeded');
		expect(job.rolled_back).toBe(false);
		expect(job.steps.map((step) => [step.name, step.state])).toEqual([
			['verifying', 'done'],
			['safety-backup', 'done'],
			['stopping', 'done'],
			['replacing', 'done'],
			['starting', 'done'],
			['checking', 'done'],
		]);
		expect(await siteName()).toBe('Before the restore');
		expect((await listBackups(owner.token, ownerProject.id)).filter((backup) => backup.kind === 'safety')).toHaveLength(1);
		// A backup, then a restore of six real steps (a safety backup, the site stopped and started):
		// the time restoreJobWhenFinished gives it, not the suite's 30 s (CI on PostgreSQL took longer).
	}, 180_000);

	it('refuses a second Back up now while one runs, and more than the hourly allowance', async () => {
		const manualSoFar = (await listBackups(owner.token, ownerProject.id)).filter((backup) => backup.kind === 'manual').length;
		expect(manualSoFar).toBe(2);
		// Two clicks at once: one backup is taken. The other is refused as in progress, or, if the
		// first finished before it arrived, as over the hour's allowance (the guard's own ordering is
		// unit-tested in manual-backup-guard.test.ts).
		const both = await Promise.all([0, 1].map(() => api('POST', `/projects/${ownerProject.id}/backups`, { token: owner.token })));
		const statuses = both.map((response) => response.status).sort();
		expect(
			[
				[201, 409],
				[201, 429],
			],
			JSON.stringify(both.map((response) => response.body)),
		).toContainEqual(statuses);
		const refused = both.find((response) => response.status !== 201)!;
		if (refused.status === 409) expectRefusal(refused, 409, 'BACKUP_IN_PROGRESS', 'concurrent');
		else expectRefusal(refused, 429, 'BACKUP_LIMIT_REACHED', 'concurrent, after the first finished');
		expect(MANUAL_BACKUPS_PER_HOUR).toBe(3);

		const over = await api('POST', `/projects/${ownerProject.id}/backups`, { token: owner.token });
		expectRefusal(over, 429, 'BACKUP_LIMIT_REACHED', 'fourth in the hour');
		expect((await listBackups(owner.token, ownerProject.id)).filter((backup) => backup.kind === 'manual')).toHaveLength(3);
	});

	it('answers another customer with 404 on every route, exactly as for a missing project, and changes nothing', async () => {
		const backupsBefore = await runtime.driver.listBackups(ownerProject.id);
		const job = (await api<Data<ProjectRestoreJob>>('POST', `/projects/${ownerProject.id}/backups/${firstBackup.id}/restore`, { token: owner.token })).body.data;
		expect((await restoreJobWhenFinished(job.id)).state).toBe('succeeded');
		const afterOwnRestore = await runtime.driver.listBackups(ownerProject.id);

		const missingProject = randomUUID();
		for (const projectId of [ownerProject.id, missingProject]) {
			for (const [method, route] of [
				['GET', `/projects/${projectId}/backups`],
				['POST', `/projects/${projectId}/backups`],
				['GET', `/projects/${projectId}/backups/${firstBackup.id}/download`],
				['POST', `/projects/${projectId}/backups/${firstBackup.id}/restore`],
				['GET', `/projects/${projectId}/restores/${job.id}`],
			] as const) {
				const refused = await api(method, route, { token: stranger.token });
				expectRefusal(refused, 404, 'PROJECT_NOT_FOUND', `${method} ${route}`);
				expect(JSON.stringify(refused.body)).not.toContain(firstBackup.id);
			}
		}
		expect(await runtime.driver.listBackups(ownerProject.id)).toEqual(afterOwnRestore);
		expect(afterOwnRestore.length).toBe(backupsBefore.length + 1);
		// The owner's own restore first: the time restoreJobWhenFinished gives it.
	}, 150_000);

	it("answers the owner with 404 for another project's backup or restore job, and for ids that are none", async () => {
		const strangers = await backUpNow(stranger.token, strangerProject.id);
		const strangerJob = (await api<Data<ProjectRestoreJob>>('POST', `/projects/${strangerProject.id}/backups/${strangers.id}/restore`, { token: stranger.token })).body.data;
		expect(strangerJob.state).toBe('running');

		for (const backupId of [strangers.id, '20260131T120000000Z-0a1b2c3d', '..%2F..%2Fstate.json', 'latest']) {
			expectRefusal(await api('GET', `/projects/${ownerProject.id}/backups/${backupId}/download`, { token: owner.token }), 404, 'BACKUP_NOT_FOUND', `download ${backupId}`);
			expectRefusal(await api('POST', `/projects/${ownerProject.id}/backups/${backupId}/restore`, { token: owner.token }), 404, 'BACKUP_NOT_FOUND', `restore ${backupId}`);
		}
		for (const jobId of [strangerJob.id, randomUUID(), 'not-a-job']) {
			expectRefusal(await api('GET', `/projects/${ownerProject.id}/restores/${jobId}`, { token: owner.token }), 404, 'RESTORE_JOB_NOT_FOUND', `job ${jobId}`);
		}
		expect((await runtime.driver.listBackups(ownerProject.id)).some((backup) => backup.id === strangers.id)).toBe(false);
	});

	it("lets staff list a customer's backups", async () => {
		const staff = await adminToken();
		expect((await listBackups(staff, ownerProject.id)).map((backup) => backup.id)).toEqual((await listBackups(owner.token, ownerProject.id)).map((backup) => backup.id));
	});
});

describe('scheduled backups', () => {
	it("keep exactly the plan's retention of scheduled backups, leave manual and safety ones, and carry on past a failing project", async () => {
		const planUpdated = await db('subscription_plans').where({ id: 'pro' }).update({ backup_retention: 2 });
		expect(planUpdated).toBe(1);
		const others = (await runtime.driver.listBackups(ownerProject.id)).filter((backup) => backup.kind !== 'scheduled');
		const errors: string[] = [];
		const logger = { info: () => undefined, error: (message: string) => errors.push(message) };
		const missing = 'no-such-project';
		const runs: ScheduledBackupOutcome[][] = [];
		for (let run = 0; run < 3; run += 1) {
			runs.push(
				await runScheduledBackups({
					targets: async () => [{ projectId: missing, keep: 2 }, ...(await scheduledBackupTargets(db))],
					driver: runtime.driver,
					logger,
				}),
			);
		}

		for (const outcomes of runs) {
			expect(outcomes[0]).toEqual({ projectId: missing, error: expect.stringContaining(missing) });
			const taken = outcomes.slice(1).map((outcome) => [outcome.projectId, 'backupId' in outcome]);
			expect(taken.sort()).toEqual([ownerProject.id, strangerProject.id].sort().map((id) => [id, true]));
		}
		expect(errors).toHaveLength(3);
		expect(errors[0]).toContain(`Scheduled backup of project ${missing} failed`);

		const after = await listBackups(owner.token, ownerProject.id);
		const scheduled = after.filter((backup) => backup.kind === 'scheduled').map((backup) => backup.id);
		const ownerBackupIdOf = (outcomes: ScheduledBackupOutcome[]) => {
			const outcome = outcomes.find((entry) => entry.projectId === ownerProject.id);
			return outcome && 'backupId' in outcome ? outcome.backupId : 'none';
		};
		expect(scheduled).toEqual([ownerBackupIdOf(runs[2]!), ownerBackupIdOf(runs[1]!)]);
		expect(after.filter((backup) => backup.kind !== 'scheduled').map((backup) => backup.id)).toEqual(others.map((backup) => backup.id));
		expect((await runtime.driver.listBackups(strangerProject.id)).filter((backup) => backup.kind === 'scheduled')).toHaveLength(2);
	});
});

describe('a restore loop', () => {
	it('is refused past five restores an hour per account, and keeps at most three safety backups on disk', async () => {
		// A customer of its own, so that no other test's restores count.
		const looper = await registerVerifiedCustomer('restore-loop');
		await subscribeInSandbox(looper);
		const project = await publishedProject(looper, 'looped');
		const backup = await backUpNow(looper.token, project.id);
		const restore = () => api<{ data: ProjectRestoreJob }>('POST', `/projects/${project.id}/backups/${backup.id}/restore`, { token: looper.token });
		for (let count = 1; count <= 5; count += 1) {
			const started = await restore();
			expect(started.status, `restore ${count}: ${JSON.stringify(started.body)}`).toBe(202);
			const job = async () => (await api<{ data: ProjectRestoreJob }>('GET', `/projects/${project.id}/restores/${started.body.data.id}`, { token: looper.token })).body.data;
			await expect.poll(async () => (await job()).state, { timeout: 60_000, interval: 250 }).toBe('succeeded');
		}
		const refused = await restore();
		expectRefusal(refused, 429, 'ACTION_LIMIT_REACHED', 'sixth restore in the hour');
		expect((refused.body as unknown as ApiError).errors[0]!.message).toMatch(/^You can restore backups at most 5 times an hour\. Please try again in \d+ minutes?\.$/);

		// Five restores took five safety backups; the runtime keeps the newest three (BACKUP_KEEP_SAFETY).
		const safety = (await runtime.driver.listBackups(project.id)).filter((candidate) => candidate.kind === 'safety');
		expect(safety).toHaveLength(3);
		// Staff helping the customer are not counted.
		const staff = await adminToken();
		const byStaff = await api<{ data: ProjectRestoreJob }>('POST', `/projects/${project.id}/backups/${backup.id}/restore`, { token: staff });
		expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(202);
		const staffJob = async () => (await api<{ data: ProjectRestoreJob }>('GET', `/projects/${project.id}/restores/${byStaff.body.data.id}`, { token: staff })).body.data;
		await expect.poll(async () => (await staffJob()).state, { timeout: 60_000, interval: 250 }).toBe('succeeded');
	}, 240_000);
});
