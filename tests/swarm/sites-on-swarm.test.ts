/**
 * RUNTIME_DRIVER=swarm on a real two-node swarm: the host's engine as manager, a second engine in
 * a network namespace as worker (tests/support/swarm/netns-node.sh). Sites keep their data on a
 * PostgreSQL server that asks for passwords and in S3 (s3rver), both reached by every node on the
 * manager's swarm address, so a site written on one node is read on the other, and a node killed
 * as a machine dies has its sites running again on the one left.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { siteServiceName } from '../support/swarm/site-records.ts';
import { createNotesCollection, siteAsset, siteRequest, uploadSiteFile, type SiteTarget } from '../support/site-admin.ts';
import { startSwarmSites, type SwarmSites } from '../support/swarm/swarm-sites.ts';
import {
	healSwarmNode,
	inspectService,
	killSwarmNode,
	managerHostname,
	nodeInTask,
	partitionSwarmNode,
	publishedEndpointOf,
	runningNodeOf,
	servicesOfRuntime,
	withManagerDrained,
	SWARM_MANAGER_ADDRESS,
	runningTasksOf,
	tasksOfService,
	waitForNodeState,
} from '../support/swarm/test-swarm.ts';
import { loginThroughRouter, type TestRuntime } from '../support/test-runtime.ts';
import { waitFor } from '../support/wait-for.ts';
import { holdForThisFile } from '../support/machine-lock.ts';

const WORKER = 'epicnode2';
const admin = { email: 'swarm@example.com', password: 'swarm-secret-password' };
let swarm: SwarmSites;
let runtime: TestRuntime;

holdForThisFile('swarm');

beforeAll(async () => {
	swarm = await startSwarmSites(WORKER);
	runtime = swarm.runtime;
}, 300_000);

afterAll(() => swarm?.destroy(), 120_000);

async function siteOf(projectId: string, subdomain: string): Promise<SiteTarget & { service: string }> {
	const created = await runtime.driver.ensureInstance({ projectId, subdomain, projectName: subdomain, admin });
	expect(created.state).toBe('running');
	const host = `${subdomain}.localhost`;
	const token = await loginThroughRouter(runtime.routerUrl, host, admin.email, admin.password);
	const service = await siteServiceName(runtime, projectId);
	expect(await servicesOfRuntime(runtime.dataDir)).toContain(service);
	return { routerUrl: runtime.routerUrl, host, token, service };
}

describe('sites on a two-node swarm', () => {
	test('a site is one locked-down service with its plan limits, serving through the router', async () => {
		const site = await siteOf('p-one', 'one');
		const spec = await inspectService(site.service);
		expect(spec.Spec.Mode.Replicated?.Replicas).toBe(1);
		expect(spec.Spec.TaskTemplate.ContainerSpec).toMatchObject({ User: '1000:1000', ReadOnly: true, CapabilityDrop: ['ALL'], Init: true });
		expect(spec.Spec.TaskTemplate.Resources.Limits).toMatchObject({ MemoryBytes: 512 * 1024 * 1024, NanoCPUs: 1e9, Pids: 256 });
		expect(spec.Spec.TaskTemplate.Resources.Reservations.MemoryBytes).toBe(512 * 1024 * 1024);
		// Nothing of the runtime's machine is mounted but the packages the tests share with every
		// node (DOCKER_SITE_CODE_DIR); production images carry their own. A task runs no migration.
		expect(spec.Spec.TaskTemplate.ContainerSpec.Mounts?.filter((mount) => mount.Type === 'bind').map((mount) => mount.Target)).toEqual(['/app/node_modules']);
		// No health check: a paused task would fail it and be replaced.
		expect(spec.Spec.TaskTemplate.ContainerSpec.Healthcheck?.Test).toEqual(['NONE']);
		// Secrets go by name from the holder's environment: the spec holds them, no command line does.
		expect(spec.Spec.TaskTemplate.ContainerSpec.Env?.some((entry) => entry.startsWith('SECRET='))).toBe(true);
		// But not the database password: each task asks the runtime for its own as it starts.
		const database = spec.Spec.TaskTemplate.ContainerSpec.Env?.find((entry) => entry.startsWith('DB_CONNECTION_STRING='));
		expect(new URL(database!.slice('DB_CONNECTION_STRING='.length)).password).toBe('');

		await createNotesCollection(site);
		await siteRequest(site, 'POST', '/items/notes', 200, { title: 'written in a task' });
		const notes = await siteRequest<{ data: Array<{ title: string }> }>(site, 'GET', '/items/notes', 200);
		expect(notes.data.map((note) => note.title)).toEqual(['written in a task']);
	});

	test('uploads go to the site’s own prefix in S3, not to any node', async () => {
		const site = await siteOf('p-one', 'one');
		const id = await uploadSiteFile(site, 'hello.txt', Buffer.from('hello from a swarm task'));
		expect(await siteAsset(site, id)).toBe('hello from a swarm task');
		const listing = await fetch(`${swarm.s3.endpoint}/${swarm.s3.bucket}?list-type=2&prefix=sites/`).then((response) => response.text());
		const keys = [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
		expect(keys).toHaveLength(1);
		expect(keys[0]).toMatch(new RegExp(`^sites/${site.service.replace('epic-site-', '')}/`));
	});

	test('a plan change reaches the running site: Swarm replaces its task with the new limits, its content kept', async () => {
		const site = await siteOf('p-one', 'one');
		const running = () => runningTasksOf(site.service);
		const [before] = await running();
		await runtime.driver.setSiteResources('p-one', { memoryMb: 768, cpuShares: 512 });
		const limits = (await inspectService(site.service)).Spec.TaskTemplate.Resources;
		expect(limits.Limits).toMatchObject({ MemoryBytes: 768 * 1024 * 1024, NanoCPUs: 0.5e9 });
		expect(limits.Reservations.MemoryBytes).toBe(768 * 1024 * 1024);
		// Swarm replaces the task (the old one stops first): one new task runs, and answers with what the site held.
		const replaced = await waitFor(
			'a new task with the new limits',
			async () => {
				const now = await running();
				return now.length === 1 && now[0]!.id !== before!.id ? now : null;
			},
			60_000,
		);
		expect(replaced).toHaveLength(1);
		const notes = await siteRequest<{ data: Array<{ title: string }> }>(site, 'GET', '/items/notes', 200);
		expect(notes.data.map((note) => note.title)).toEqual(['written in a task']);
	});

	test('sites land on both nodes, and each answers wherever it runs', async () => {
		const sites = await Promise.all(['two', 'three', 'four'].map((name) => siteOf(`p-${name}`, name)));
		const nodes = new Set<string>();
		for (const site of [await siteOf('p-one', 'one'), ...sites]) {
			nodes.add(await runningNodeOf(site.service));
			const ping = await siteRequest<{ data: { project: { project_name: string } } }>(site, 'GET', '/server/info', 200);
			expect(ping.data.project.project_name).toBe(site.host.split('.')[0]);
		}
		expect([...nodes].sort()).toEqual([WORKER, await managerHostname()].sort());
	});

	test('each site’s memory in its status is its task’s, read on whichever node it runs', async () => {
		for (const name of ['one', 'two', 'three', 'four']) {
			// The first status starts the reading through the node's agent; a later one answers it.
			const memoryBytes = await waitFor(`a memory reading of p-${name}`, async () => (await runtime.driver.instanceStatus(`p-${name}`))?.memoryBytes ?? null, 30_000);
			// A booted Directus holds over 100 MiB; its task is limited to its plan's 512 or 768 MiB.
			expect(memoryBytes).toBeGreaterThan(100 * 1024 * 1024);
			expect(memoryBytes).toBeLessThan(768 * 1024 * 1024);
		}
	});

	test('from inside a site task, nothing is reachable but the data services, and in the database and the bucket only its own', async () => {
		const sites = await Promise.all(['one', 'two', 'three', 'four'].map((name) => siteOf(`p-${name}`, name)));
		const manager = await managerHostname();
		const onNode = async (node: string) => {
			for (const site of sites) if ((await runningNodeOf(site.service)) === node) return site;
			throw new Error(`No site runs on ${node}`);
		};
		const prober = await onNode(WORKER);
		const others = sites.filter((site) => site !== prober);
		const targets = {
			...Object.fromEntries(await Promise.all(others.map(async (site) => [`site ${site.host}`, await publishedEndpointOf(site.service)] as const))),
			'the swarm manager API': `${SWARM_MANAGER_ADDRESS}:2377`,
			"its own node's gossip port": `${swarm.worker.address}:7946`,
			"the manager's gossip port": `${SWARM_MANAGER_ADDRESS}:7946`,
			"its own node's agent": `${swarm.worker.address}:${swarm.agentPort}`,
			"the manager's node agent": `${SWARM_MANAGER_ADDRESS}:${swarm.agentPort}`,
			"the bucket's server, past the gate": new URL(swarm.s3.endpoint).host,
			// The positive controls: the probe can reach what it may.
			'its database server': `${SWARM_MANAGER_ADDRESS}:${swarm.database.port}`,
			'the S3 gate': swarm.gateEndpoint,
		};
		const reachable = JSON.parse(
			await nodeInTask(
				prober.service,
				[swarm.worker],
				`import net from 'node:net';
				const targets = ${JSON.stringify(targets)};
				const probe = (target) => new Promise((resolve) => {
					const [host, port] = target.split(':');
					const socket = net.connect({ host, port: Number(port) });
					const done = (result) => { socket.destroy(); resolve(result); };
					socket.setTimeout(2000, () => done('no answer'));
					socket.on('connect', () => done('open'));
					socket.on('error', (error) => done(error.code));
				});
				const results = {};
				for (const [name, target] of Object.entries(targets)) results[name] = await probe(target);
				console.log(JSON.stringify(results));`,
			),
		) as Record<string, string>;
		const mayReach = ['its database server', 'the S3 gate'];
		for (const name of mayReach) expect(reachable[name], name).toBe('open');
		for (const [name, result] of Object.entries(reachable)) if (!mayReach.includes(name)) expect(result, name).not.toBe('open');

		// Its own database as its own role, yes; another site's, as itself or as that site's role, no.
		const victim = await onNode(manager);
		const victimEnv = (await inspectService(victim.service)).Spec.TaskTemplate.ContainerSpec.Env ?? [];
		const victimDatabase = new URL(victimEnv.find((entry) => entry.startsWith('DB_CONNECTION_STRING='))!.slice('DB_CONNECTION_STRING='.length));
		const answers = JSON.parse(
			await nodeInTask(
				prober.service,
				[swarm.worker],
				`import pg from '/app/node_modules/pg/lib/index.js';
				import { readdirSync, readFileSync } from 'node:fs';
				// The task's spec holds no password: Directus got its own from the task gate, in its environment.
				const environOf = (pid) => { try { return readFileSync('/proc/' + pid + '/environ', 'utf8').split('\\0'); } catch { return []; } };
				const connection = readdirSync('/proc').filter((name) => /^\\d+$/.test(name)).flatMap(environOf)
					.map((entry) => entry.startsWith('DB_CONNECTION_STRING=') ? new URL(entry.slice('DB_CONNECTION_STRING='.length)) : null)
					.find((url) => url && url.password);
				const own = connection;
				const attempt = async (user, password, database) => {
					const client = new pg.Client({ host: own.hostname, port: Number(own.port), user, password, database });
					try { await client.connect(); await client.query('SELECT 1'); return 'connected'; }
					catch (error) { return error.message; }
					finally { await client.end().catch(() => {}); }
				};
				const ownUser = decodeURIComponent(own.username), ownPassword = decodeURIComponent(own.password), ownDatabase = own.pathname.slice(1);
				console.log(JSON.stringify({
					own: await attempt(ownUser, ownPassword, ownDatabase),
					otherDatabase: await attempt(ownUser, ownPassword, ${JSON.stringify(victimDatabase.pathname.slice(1))}),
					otherRole: await attempt(${JSON.stringify(decodeURIComponent(victimDatabase.username))}, ownPassword, ${JSON.stringify(victimDatabase.pathname.slice(1))}),
				}));`,
			),
		) as Record<string, string>;
		expect(answers['own']).toBe('connected');
		expect(answers['otherDatabase']).toMatch(/permission denied for database/);
		expect(answers['otherRole']).toMatch(/password authentication failed/);

		// In the bucket, through the gate with its own key: its own prefix, yes; another site's upload, no.
		const victimFile = await uploadSiteFile(victim, 'private.txt', Buffer.from('only the victim'));
		expect(await siteAsset(victim, victimFile)).toBe('only the victim');
		const victimPrefix = `sites/${victim.service.replace('epic-site-', '')}/`;
		const listing = await fetch(`${swarm.s3.endpoint}/${swarm.s3.bucket}?list-type=2&prefix=${victimPrefix}`).then((response) => response.text());
		const victimKey = /<Key>([^<]+)<\/Key>/.exec(listing)![1]!;
		const bucket = JSON.parse(
			await nodeInTask(
				prober.service,
				[swarm.worker],
				`import { createRequire } from 'node:module';
				const { S3Client, GetObjectCommand, ListObjectsV2Command } = createRequire('/app/')('@aws-sdk/client-s3');
				const client = new S3Client({ endpoint: process.env.STORAGE_S3_ENDPOINT, region: process.env.STORAGE_S3_REGION, forcePathStyle: true,
					credentials: { accessKeyId: process.env.STORAGE_S3_KEY, secretAccessKey: process.env.STORAGE_S3_SECRET } });
				const outcome = (call) => call.then(() => 'allowed', (error) => error.name);
				console.log(JSON.stringify({
					ownPrefix: await outcome(client.send(new ListObjectsV2Command({ Bucket: process.env.STORAGE_S3_BUCKET, Prefix: process.env.STORAGE_S3_ROOT }))),
					otherSitesFile: await outcome(client.send(new GetObjectCommand({ Bucket: process.env.STORAGE_S3_BUCKET, Key: ${JSON.stringify(victimKey)} }))),
					otherSitesPrefix: await outcome(client.send(new ListObjectsV2Command({ Bucket: process.env.STORAGE_S3_BUCKET, Prefix: ${JSON.stringify(victimPrefix)} }))),
				}));`,
			),
		) as Record<string, string>;
		expect(bucket).toEqual({ ownPrefix: 'allowed', otherSitesFile: 'AccessDenied', otherSitesPrefix: 'AccessDenied' });
	});

	test('a site whose node dies runs again on the other within 30 s, with its content', async () => {
		const candidates = await Promise.all(['one', 'two', 'three', 'four'].map((name) => siteOf(`p-${name}`, name)));
		const onWorker = [];
		for (const site of candidates) if ((await runningNodeOf(site.service)) === WORKER) onWorker.push(site);
		expect(onWorker.length).toBeGreaterThan(0);
		const site = onWorker[0]!;
		await siteRequest(site, 'POST', '/items/notes', 200, { title: 'written on the worker' }).catch(async () => {
			await createNotesCollection(site);
			await siteRequest(site, 'POST', '/items/notes', 200, { title: 'written on the worker' });
		});
		const fileId = await uploadSiteFile(site, 'moved.txt', Buffer.from('kept across nodes'));

		const killedAt = Date.now();
		await killSwarmNode(WORKER);
		try {
			const answered = await waitFor(
				'the site to answer from the manager',
				async () => {
					const response = await hostRequest(runtime.routerUrl, site.host, '/items/notes', { headers: { authorization: `Bearer ${site.token}` } }).catch(() => null);
					return response?.status === 200 ? Date.now() : null;
				},
				60_000,
			);
			const recoveryMs = answered - killedAt;
			process.stderr.write(`swarm: the site answered again ${recoveryMs} ms after its node was killed\n`);
			expect(recoveryMs).toBeLessThan(30_000);
			expect(await runningNodeOf(site.service)).toBe(await managerHostname());
			const notes = await siteRequest<{ data: Array<{ title: string }> }>(site, 'GET', '/items/notes', 200);
			expect(notes.data.map((note) => note.title)).toContain('written on the worker');
			expect(await siteAsset(site, fileId)).toBe('kept across nodes');
		} finally {
			// The node comes back whatever the above found (the next test partitions it): its boot
			// clears the network store a crash leaves broken, and prepares it again.
			await swarm.restartWorker();
		}
		// Every site still has one task, and the node takes new sites again.
		for (const each of candidates) expect(await runningNodeOf(each.service)).toBeTruthy();
		const after = await withManagerDrained(() => siteOf('p-after', 'after'));
		expect(await runningNodeOf(after.service)).toBe(WORKER);
	});

	test('a node cut off from the manager but not from the database: once Swarm replaces its task, the task left there can no longer write', async () => {
		// Made with the manager drained: on the worker.
		const site = await withManagerDrained(() => siteOf('p-fenced', 'fenced'));
		const [task] = await runningTasksOf(site.service);
		expect(task?.node, JSON.stringify(await tasksOfService(site.service))).toBe(WORKER);
		await createNotesCollection(site);
		// The task itself, not through the router: what a task left on a lost node still serves.
		const stranded: SiteTarget = { ...site, routerUrl: `http://${await publishedEndpointOf(site.service)}` };
		await siteRequest(stranded, 'POST', '/items/notes', 200, { title: 'before the partition' });

		await partitionSwarmNode(WORKER);
		try {
			await waitForNodeState(WORKER, 'down', 30_000);
			const manager = await managerHostname();
			await waitFor(
				'a new task running on the manager',
				async () => {
					const running = await runningTasksOf(site.service);
					return running.length === 1 && running[0]!.node === manager;
				},
				60_000,
			);
			// The new task itself, at its own port: its Directus starts only once the gate has granted
			// its password, so an answer from it means the fence is in place. An answer through the
			// router alone does not: for up to 2 s the holder may still send a request to the old
			// task (docs/swarm.md, Losing a node).
			const replacement = `http://${await publishedEndpointOf(site.service)}`;
			const readNotes = (baseUrl: string) => hostRequest(baseUrl, site.host, '/items/notes', { headers: { authorization: `Bearer ${site.token}` } }).catch(() => null);
			await waitFor('the new task to answer', async () => (await readNotes(replacement))?.status === 200, 60_000);
			await waitFor('the site to answer through the router', async () => (await readNotes(runtime.routerUrl))?.status === 200, 60_000);

			// The old task still runs and answers, but the role's password is the new task's and its sessions were ended.
			expect((await hostRequest(stranded.routerUrl, site.host, '/server/ping')).body).toBe('pong');
			const write = await hostRequest(stranded.routerUrl, site.host, '/items/notes', {
				method: 'POST',
				headers: { authorization: `Bearer ${site.token}`, 'content-type': 'application/json' },
				body: JSON.stringify({ title: 'from the stranded task' }),
			});
			expect(write.status, write.body).toBeGreaterThanOrEqual(400);
			const notes = await siteRequest<{ data: Array<{ title: string }> }>(site, 'GET', '/items/notes', 200);
			expect(notes.data.map((note) => note.title)).toEqual(['before the partition']);
		} finally {
			await healSwarmNode(WORKER);
		}
		// Back in the swarm, the node stops the task Swarm replaced: the site runs once.
		await waitForNodeState(WORKER, 'ready', 60_000);
		const settled = await waitFor(
			'the replaced task to stop',
			async () => {
				const tasks = await tasksOfService(site.service);
				return tasks.every((task) => task.desiredState === 'running' || task.state !== 'running') ? tasks : null;
			},
			60_000,
		);
		expect(settled.filter((task) => task.state === 'running').map((task) => task.node)).toEqual([await managerHostname()]);
	});
});
