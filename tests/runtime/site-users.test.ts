/**
 * The process driver under root (docs/access-model.md, Attacks closed, and the test that stops each): each site runs as its own
 * unprivileged uid, and a process of a site's uid (what a customer's Directus can run) cannot read
 * another site's folder or database, the runtime's state (every site's KEY and SECRET) or the
 * platform's secrets beside it, while its own site keeps reading and writing its own folder. CRIU
 * cannot checkpoint such a site, so checkpoints are off even where CRIU works, and the status says why.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { sitePid } from '../../runtime/src/processes/site-process.ts';
import { runtimeState } from '../support/runtime-inspection.ts';
import { siteAsset, uploadSiteFile } from '../support/site-admin.ts';
import { loginThroughRouter, TestRuntime } from '../support/test-runtime.ts';

let runtime: TestRuntime | null = null;

afterEach(async () => {
	await runtime?.destroy();
	runtime = null;
});

/** The real uid of a process, from /proc. */
function uidOf(pid: number): number {
	return Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
}

/** What `cat` (or `ls` for a folder) says when it runs as `uid`. */
function asUser(uid: number, command: 'cat' | 'ls', target: string): { status: number | null; stderr: string } {
	const result = spawnSync(command, [target], { uid, gid: uid, encoding: 'utf8' });
	return { status: result.status, stderr: result.stderr };
}

const sites = [
	{ id: 'p-alpha', subdomain: 'alpha', admin: { email: 'alpha@example.com', password: 'alpha-secret-password' } },
	{ id: 'p-beta', subdomain: 'beta', admin: { email: 'beta@example.com', password: 'beta-secret-password' } },
];

describe('sites of a root runtime', () => {
	test("run as uids of their own that read their own folder and nothing of another site's or the platform's", async () => {
		expect(process.getuid?.(), 'this test needs a root runtime').toBe(0);
		// CRIU and the site launcher are there, and the default (own uids) still wins over them.
		runtime = new TestRuntime({
			warmPoolSize: 0,
			sleepTiers: { pausedMemoryLimitMb: 0, pausedForSeconds: 3600, checkpoints: true },
			env: { SITES_SHARE_RUNTIME_USER: 'false' },
		});
		// A secrets file beside the runtime's state, readable by all as an older launcher left it:
		// opening the folder for the sites must close it.
		const secrets = path.join(runtime.dataDir, 'secrets.json');
		writeFileSync(secrets, '{"credentialsKey":"not-for-sites"}', { mode: 0o644 });
		await runtime.start();
		const tiers = await fetch(`${runtime.apiUrl}/sleep-tiers`, { headers: { authorization: `Bearer ${runtime.secret}` } });
		expect(tiers.status).toBe(200);
		expect(((await tiers.json()) as { data: { checkpoint: unknown } }).data.checkpoint).toMatchObject({
			available: false,
			reason: 'sites run as uids of their own, which CRIU cannot checkpoint (SITES_SHARE_RUNTIME_USER=true trades that isolation for checkpoints)',
		});
		for (const site of sites) await runtime.driver.ensureInstance({ projectId: site.id, subdomain: site.subdomain, projectName: site.subdomain, admin: site.admin });

		const records = runtimeState(runtime.dataDir).instances;
		const [alpha, beta] = sites.map((site) => records[site.id]!);
		expect(alpha!.siteUid).toBeGreaterThan(0);
		expect(beta!.siteUid).toBeGreaterThan(0);
		expect(alpha!.siteUid).not.toBe(beta!.siteUid);
		// The Directus serving each site runs as the site's uid.
		expect(uidOf(sitePid(alpha!.pid!))).toBe(alpha!.siteUid);
		expect(uidOf(sitePid(beta!.pid!))).toBe(beta!.siteUid);
		expect(alpha!.storage.client).toBe('sqlite3');
		const betaDatabase = beta!.storage.client === 'sqlite3' ? beta!.storage.file : '';
		const alphaDatabase = alpha!.storage.client === 'sqlite3' ? alpha!.storage.file : '';

		const uid = alpha!.siteUid!;
		// Its own folder: readable (so what follows fails for the right reason).
		expect(asUser(uid, 'cat', alphaDatabase).status).toBe(0);
		expect(asUser(uid, 'ls', alpha!.dir).status).toBe(0);
		for (const [target, command] of [
			[beta!.dir, 'ls'],
			[betaDatabase, 'cat'],
			[path.join(runtime.dataDir, 'state.json'), 'cat'],
			[secrets, 'cat'],
			[path.join(runtime.dataDir, 'instances'), 'ls'],
		] as const) {
			const attempt = asUser(uid, command, target);
			expect(attempt.status, `${command} ${target}`).not.toBe(0);
			expect(attempt.stderr, `${command} ${target}`).toContain('Permission denied');
		}

		// The site still writes its own folder: an upload lands and reads back.
		const host = 'alpha.localhost';
		const target = { routerUrl: runtime.routerUrl, host, token: await loginThroughRouter(runtime.routerUrl, host, sites[0]!.admin.email, sites[0]!.admin.password) };
		const uploaded = await uploadSiteFile(target, 'note.txt', Buffer.from('written by the site'));
		expect(String(await siteAsset(target, uploaded))).toBe('written by the site');
	}, 300_000);
});
