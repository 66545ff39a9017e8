/**
 * A router on another node (runtime/node-router.ts; docs/swarm.md, Routing), against a real swarm
 * runtime and real site tasks. While the runtime's router answers, the node router relays to it, so
 * the runtime counts the requests; once the runtime is killed, an awake site still answers through
 * the node router straight from its task, with its allowed origins, and the node router counts
 * those requests into the runtime's totals; its stopped neighbour still gets its page, and what
 * needs the runtime (the control plane, an upload) gets the platform-unavailable page; once the
 * runtime is back, requests go through it again, and the node router's scrape shows each way.
 * A runtime replaced as Swarm replaces the stack's (SIGTERM while its own service remains, then its
 * container's end) leaves the site's task running: the node router serves it meanwhile, and the
 * next runtime's holder takes that same task over. While it is away, the site gate beside it
 * (runtime/site-gate.ts) serves the site's files and the password of a task Swarm starts again.
 * Removed (`docker stack rm`), the runtime removes its sites.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DailyUsage } from '@epic/runtime-contract';
import { TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';
import { instanceLogFile } from '../../runtime/src/processes/instance-process.ts';
import { killAndWait, processesOfRuntime } from '../../runtime/src/processes/process-table.ts';
import { hostRequest, type HostResponse } from '../support/host-request.ts';
import { holdForThisFile } from '../support/machine-lock.ts';
import { sampleValue } from '../support/prometheus-text.ts';
import { createNotesCollection, siteAsset, siteRequest, uploadSiteFile, type SiteTarget } from '../support/site-admin.ts';
import { startNodeRouter, type NodeRouterProcess } from '../support/swarm/node-router-process.ts';
import type { PlatformProcess } from '../support/swarm/platform-process.ts';
import { startSiteGate } from '../support/swarm/site-gate-process.ts';
import { recordInStateDatabase, siteServiceName } from '../support/swarm/site-records.ts';
import { startSwarmSites, type SwarmSites } from '../support/swarm/swarm-sites.ts';
import { createStandInService, replaceTaskOf, runningTasksOf, servicesOfRuntime, tasksOfService } from '../support/swarm/test-swarm.ts';
import { loginThroughRouter, type TestRuntime } from '../support/test-runtime.ts';
import { waitFor } from '../support/wait-for.ts';

const WORKER = 'epicnode2';
const HOST = 'edge.localhost';
const FRONT_END = 'https://front.edge.example';
const admin = { email: 'edge@example.com', password: 'edge-secret-password' };
/** The runtime's own service, as docker-stack.yml names it to the runtime (RUNTIME_SWARM_SERVICE). */
const RUNTIME_SERVICE = 'epic-test-runtime-of-node-router';
let swarm: SwarmSites;
let nodeRouter: NodeRouterProcess | null = null;
let runtimeService: { remove(): Promise<void> } | null = null;
let siteGate: PlatformProcess | null = null;

holdForThisFile('swarm');

beforeAll(async () => {
	swarm = await startSwarmSites(WORKER, { env: { RUNTIME_SWARM_SERVICE: RUNTIME_SERVICE } });
	runtimeService = await createStandInService(RUNTIME_SERVICE, TEST_SITE_BASE_IMAGE);
}, 600_000);

afterAll(async () => {
	await nodeRouter?.stop();
	await siteGate?.stop();
	// Gone first, so that the runtime's stop removes its sites.
	await runtimeService?.remove();
	await swarm?.destroy();
}, 120_000);

/** How many times the node router has logged `line`. */
function timesLogged(line: string): number {
	return nodeRouter!.output().split(line).length - 1;
}

/** The requests the runtime's router counted for the project (GET /usage). */
async function requestsCounted(projectId: string): Promise<number> {
	const answer = await fetch(`${swarm.runtime.apiUrl}/usage?projectId=${projectId}`, { headers: { authorization: `Bearer ${swarm.runtime.secret}` } });
	expect(answer.status, await answer.clone().text()).toBe(200);
	return ((await answer.json()) as { data: DailyUsage[] }).data.reduce((sum, day) => sum + day.requests, 0);
}

/** The requests the node router says it added to the usage counts, over all its flushes. */
function requestsAddedByNodeRouter(output: string): number {
	return [...output.matchAll(/added (\d+) requests served from the sites' tasks to the usage counts/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

function notesThrough(routerUrl: string, token: string, headers: Record<string, string> = {}): Promise<HostResponse> {
	return hostRequest(routerUrl, HOST, '/items/notes', { headers: { authorization: `Bearer ${token}`, ...headers } });
}

function titles(answer: HostResponse): string[] {
	expect(answer.status, answer.body).toBe(200);
	return answer.json<{ data: Array<{ title: string }> }>().data.map((note) => note.title);
}

function errorCode(answer: HostResponse): string {
	return answer.json<{ errors: Array<{ extensions: { code: string } }> }>().errors[0]!.extensions.code;
}

/** The runtime stopped as Swarm stops it in an update, its own service still there: then its container ends. */
async function stopAsSwarmReplacesIt(runtime: TestRuntime): Promise<void> {
	await runtime.stop();
	expect(runtime.output()).toContain(`its service ${RUNTIME_SERVICE} is still there`);
	// The container's end: every process in it goes with the runtime, the sites' holders too.
	const leftInContainer = processesOfRuntime(runtime.dataDir);
	expect(leftInContainer.length).toBeGreaterThan(0);
	for (const owned of leftInContainer) await killAndWait(owned.pid, 'SIGKILL');
}

describe('a router on another node', () => {
	test('relays to the runtime while it answers, and serves awake sites from their tasks while it does not', async () => {
		const { runtime } = swarm;
		expect((await runtime.driver.ensureInstance({ projectId: 'p-edge', subdomain: 'edge', projectName: 'Edge', admin })).state).toBe('running');
		expect((await runtime.driver.setCorsOrigins('p-edge', [FRONT_END])).corsOrigins).toEqual([FRONT_END]);
		const site: SiteTarget = { routerUrl: runtime.routerUrl, host: HOST, token: await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password) };
		await createNotesCollection(site);
		await siteRequest(site, 'POST', '/items/notes', 200, { title: 'served by any router' });
		expect((await runtime.driver.ensureInstance({ projectId: 'p-halted', subdomain: 'halted', projectName: 'Halted', admin })).state).toBe('running');
		expect((await runtime.driver.stopInstance('p-halted')).state).toBe('stopped');
		nodeRouter = await startNodeRouter(runtime);

		// Relayed: the runtime's router counts the request, as it counts its own.
		const countedBefore = await requestsCounted('p-edge');
		expect(titles(await notesThrough(nodeRouter.url, site.token))).toEqual(['served by any router']);
		const countedBeforeOutage = await requestsCounted('p-edge');
		expect(countedBeforeOutage).toBe(countedBefore + 1);

		// Killed as a machine dies: the site's task outlives it.
		await runtime.kill9();
		await waitFor(
			"the node router to see the runtime's router gone",
			() => nodeRouter!.output().includes('does not answer: awake sites are served from their tasks directly'),
			15_000,
		);
		const direct = await notesThrough(nodeRouter.url, site.token, { origin: FRONT_END });
		expect(titles(direct)).toEqual(['served by any router']);
		expect(direct.headers['access-control-allow-origin']).toBe(FRONT_END);
		// A new sign-in too: the site's own work, answered by its task.
		const token = await loginThroughRouter(nodeRouter.url, HOST, admin.email, admin.password);
		expect(titles(await notesThrough(nodeRouter.url, token))).toEqual(['served by any router']);

		const stopped = await hostRequest(nodeRouter.url, 'halted.localhost', '/server/ping');
		expect(stopped.status).toBe(503);
		expect(errorCode(stopped)).toBe('STOPPED');
		const portal = await hostRequest(nodeRouter.url, 'localhost', '/');
		expect(portal.status).toBe(503);
		expect(errorCode(portal)).toBe('PLATFORM_UNAVAILABLE');
		const upload = await hostRequest(nodeRouter.url, HOST, '/files', {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
			body: 'refused',
		});
		expect(upload.status).toBe(503);
		expect(errorCode(upload)).toBe('PLATFORM_UNAVAILABLE');

		await runtime.start();
		await waitFor("the node router to see the runtime's router back", () => nodeRouter!.output().includes('answers again: every request goes through it'), 15_000);
		// The three requests its task answered (the notes twice and the sign-in; not the pages) were
		// counted by the node router into the runtime's totals, in the state database.
		await waitFor('the node router to add the requests it served to the usage counts', () => requestsAddedByNodeRouter(nodeRouter!.output()) >= 3, 15_000);
		expect(requestsAddedByNodeRouter(nodeRouter.output())).toBe(3);
		expect(await requestsCounted('p-edge')).toBe(countedBeforeOutage + 3);
		const countedAfter = await requestsCounted('p-edge');
		expect(titles(await notesThrough(nodeRouter.url, token))).toEqual(['served by any router']);
		expect(await requestsCounted('p-edge')).toBe(countedAfter + 1);
		// The upload refused while the runtime was away never reached the site.
		const files = await siteRequest<{ data: unknown[] }>({ ...site, token }, 'GET', '/files', 200);
		expect(files.data).toEqual([]);

		// What an operator's scrape of the node router shows of it all: two requests relayed, four
		// answered without the runtime (the three above and the stopped site's page), two
		// platform-unavailable pages, and the runtime's router seen again.
		const scrape = await fetch(nodeRouter.metricsUrl);
		expect(scrape.status).toBe(200);
		const metrics = await scrape.text();
		expect(sampleValue(metrics, 'epic_node_router_requests_total{way="relayed"}')).toBe(2);
		expect(sampleValue(metrics, 'epic_node_router_requests_total{way="direct"}')).toBe(4);
		expect(sampleValue(metrics, 'epic_node_router_requests_total{way="unavailable"}')).toBe(2);
		expect(sampleValue(metrics, 'epic_node_router_runtime_router_up')).toBe(1);
	}, 420_000);

	test('a runtime replaced as Swarm replaces it leaves the site on its task: served by the node router meanwhile, then taken over by the next runtime', async () => {
		const { runtime } = swarm;
		const service = await siteServiceName(runtime, 'p-edge');
		const tasksBefore = (await tasksOfService(service)).map((task) => task.id);
		const token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
		const gone = 'does not answer: awake sites are served from their tasks directly';
		const back = 'answers again: every request goes through it';
		const [goneBefore, backBefore] = [timesLogged(gone), timesLogged(back)];

		await stopAsSwarmReplacesIt(runtime);
		expect((await tasksOfService(service)).map((task) => task.id)).toEqual(tasksBefore);

		await waitFor("the node router to see the runtime's router gone", () => timesLogged(gone) > goneBefore, 15_000);
		expect(titles(await notesThrough(nodeRouter!.url, token))).toEqual(['served by any router']);

		// The next runtime: the site's new holder finds the service made as it would make it, and takes it over.
		await runtime.start();
		expect(titles(await notesThrough(runtime.routerUrl, token))).toEqual(['served by any router']);
		const siteLog = readFileSync(instanceLogFile((await recordInStateDatabase(runtime, 'p-edge')).dir), 'utf8');
		expect(siteLog).toContain(`${service}: took over the running service, made from the same spec by an earlier holder`);
		// No task was started or replaced: the site never went down for a cold boot.
		expect((await tasksOfService(service)).map((task) => task.id)).toEqual(tasksBefore);
		await waitFor("the node router to see the runtime's router back", () => timesLogged(back) > backBefore, 15_000);
		expect(titles(await notesThrough(nodeRouter!.url, token))).toEqual(['served by any router']);
	}, 300_000);

	test("while the runtime is away, the site gate beside it serves the site's files, and gives a task Swarm starts again its database password", async () => {
		const { runtime } = swarm;
		const service = await siteServiceName(runtime, 'p-edge');
		const token = await loginThroughRouter(runtime.routerUrl, HOST, admin.email, admin.password);
		const content = 'read from the bucket while the runtime is away';
		const fileId = await uploadSiteFile({ routerUrl: runtime.routerUrl, host: HOST, token }, 'away.txt', Buffer.from(content));
		siteGate = await startSiteGate(runtime);
		const gone = 'does not answer: awake sites are served from their tasks directly';
		const goneBefore = timesLogged(gone);

		await stopAsSwarmReplacesIt(runtime);
		await waitFor("the node router to see the runtime's router gone", () => timesLogged(gone) > goneBefore, 15_000);
		const throughNodeRouter: SiteTarget = { routerUrl: nodeRouter!.url, host: HOST, token };
		// The site's task reads the file through the gate's port, which only the site gate holds now.
		expect(await siteAsset(throughNodeRouter, fileId)).toBe(content);

		// Swarm starts the site's task again (its node lost, say): the new task's entry asks the gate
		// for its database password before Directus starts, and gets it from the site gate.
		const [taskBefore] = (await runningTasksOf(service)).map((task) => task.id);
		await replaceTaskOf(service);
		await waitFor(
			'the site to answer from a new task',
			async () => {
				const running = await runningTasksOf(service);
				return running.length === 1 && running[0]!.id !== taskBefore && (await notesThrough(nodeRouter!.url, token)).status === 200;
			},
			90_000,
		);
		const [taskAfter] = (await runningTasksOf(service)).map((task) => task.id);
		expect(siteGate.output()).toContain(`task gate: task ${taskAfter} of instance`);
		expect(titles(await notesThrough(nodeRouter!.url, token))).toEqual(['served by any router']);
		expect(await siteAsset(throughNodeRouter, fileId)).toBe(content);

		await runtime.start();
		expect(titles(await notesThrough(runtime.routerUrl, token))).toEqual(['served by any router']);
	}, 300_000);

	test('a runtime whose own service was removed (docker stack rm) removes its sites as it stops', async () => {
		const { runtime } = swarm;
		expect(await servicesOfRuntime(runtime.dataDir)).toEqual([await siteServiceName(runtime, 'p-edge')]);
		await runtimeService!.remove();
		await runtime.stop();
		expect(runtime.output()).toContain(`its service ${RUNTIME_SERVICE} was removed: stopping every instance…`);
		expect(await servicesOfRuntime(runtime.dataDir)).toEqual([]);
	}, 120_000);
});
