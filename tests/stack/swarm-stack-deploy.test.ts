/**
 * docker-stack.yml deployed with `docker stack deploy` on a two-node swarm (the host's engine as
 * the platform node, a second engine in a network namespace as a worker), its images built from
 * this checkout: the production shape on Swarm, as docs/swarm.md's Production shape describes it.
 * - The stack serves the portal over HTTPS through its Caddy, with a node agent on each node.
 * - A customer registers, pays in the sandbox and creates a project through the portal's API, over
 *   HTTPS; the platform node takes no new task (`pause`), so the project's site runs on the
 *   worker, reaching the stack's PostgreSQL and the runtime's S3 gate on the platform node's
 *   address through the worker's firewall. Its owner signs in and writes over HTTPS.
 * - Started again with the worker taking no new task, the site runs on the platform node and
 *   serves what was written on the worker.
 * - With the runtime's task stopped as an update stops it, the site keeps its task and answers
 *   over HTTPS through the stack's node router; the runtime started again takes that task over.
 * - With the node router's task stopped, Caddy sends the site's requests to the runtime's router.
 * - `docker stack rm` leaves no site service behind.
 * The tests run in order on the one stack and project.
 */
import type { ProjectCredentials } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, useOwnControlPlane, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { fetchThroughLoopback, servedCertificate } from '../support/loopback-https.ts';
import { holdForThisFile } from '../support/machine-lock.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { STACK_IMAGES_WAIT_MS, stackImagesBuilt } from '../support/stack-images.ts';
import { DEPLOYED_CONTROL_PLANE_HOST, DEPLOYED_PUBLIC_HOST, deployStack, type DeployedStack } from '../support/swarm/deployed-stack.ts';
import {
	managerHostname,
	removeSwarmNode,
	runningNodeOf,
	runningTasksOf,
	servicesOfRuntime,
	setNodeAvailability,
	startSwarmNode,
	tasksOfService,
	type SwarmNode,
} from '../support/swarm/test-swarm.ts';
import { sampleValue } from '../support/prometheus-text.ts';
import { waitFor } from '../support/wait-for.ts';

const WORKER = 'epicnode2';

let worker: SwarmNode | undefined;
let stack: DeployedStack | undefined;
let restoreFetch: (() => Promise<void>) | undefined;
let manager: string;
let owner: TestCustomer;
let project: { id: string; subdomain: string };
let credentials: ProjectCredentials;
let service: string;
let uploadedFileId: string;

// The host's swarm, and the host's ports 80 and 443 for the stack's Caddy.
holdForThisFile('swarm');
holdForThisFile('stack-ports');

// Built in the background since the run began (tests/setup/stack-images.global.ts).
beforeAll(() => stackImagesBuilt(), STACK_IMAGES_WAIT_MS);

beforeAll(async () => {
	worker = await startSwarmNode(WORKER, 1);
	manager = await managerHostname();
	stack = await deployStack(worker);
	restoreFetch = fetchThroughLoopback(stack.caddyRootCertificate);
	useOwnControlPlane(stack.controlPlane);
}, 600_000);

afterAll(async () => {
	await restoreFetch?.();
	if (manager) await setNodeAvailability(manager, 'active').catch(() => undefined);
	await stack?.destroy();
	if (worker) await removeSwarmNode(WORKER);
}, 240_000);

const siteHost = () => `${project.subdomain}.${DEPLOYED_PUBLIC_HOST}`;

/** A token for the project's admin, signed in on its subdomain over HTTPS. */
async function siteToken(): Promise<string> {
	const signIn = await fetch(`https://${siteHost()}/auth/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ email: credentials.admin_email, password: credentials.admin_password }),
	});
	expect(signIn.status, await signIn.clone().text()).toBe(200);
	return ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
}

describe('docker-stack.yml deployed on two nodes', () => {
	test('serves the portal over HTTPS through its Caddy, with a node agent on each node', async () => {
		const portal = await fetch(`${stack!.controlPlaneUrl}/`, { headers: { accept: 'text/html' } });
		expect(portal.status).toBe(200);
		expect(await portal.text()).toContain('<div id="root" data-server-rendered>');
		expect((await servedCertificate(DEPLOYED_CONTROL_PLANE_HOST, stack!.caddyRootCertificate)).subjectaltname).toBe(`DNS:${DEPLOYED_CONTROL_PLANE_HOST}`);
		expect(await stack!.nodesOfStartedTasks(`${stack!.name}_node-agent`)).toEqual([WORKER, manager].sort());
		for (const platformService of ['runtime', 'control-plane', 'postgres', 'caddy']) {
			expect(await stack!.nodesOfStartedTasks(`${stack!.name}_${platformService}`), platformService).toEqual([manager]);
		}
	});

	test('runs a project created through the portal on the worker, which its owner signs in to and writes to over HTTPS', async () => {
		owner = await registerVerifiedCustomer('deployed');
		await subscribeInSandbox(owner);
		// The platform node takes no new task: the site's must go to the worker.
		await setNodeAvailability(manager, 'pause');
		try {
			project = await publishedProject(owner, 'deployed');
		} finally {
			await setNodeAvailability(manager, 'active');
		}
		const services = await servicesOfRuntime(stack!.runtimeDataDir);
		expect(services).toHaveLength(1);
		service = services[0]!;
		expect(await runningNodeOf(service)).toBe(WORKER);
		credentials = (await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: owner.token })).body.data;

		const token = await siteToken();
		const named = await fetch(`https://${siteHost()}/users/me`, {
			method: 'PATCH',
			headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
			body: JSON.stringify({ first_name: 'Written on the worker' }),
		});
		expect(named.status, await named.clone().text()).toBe(200);
		const form = new FormData();
		form.append('file', new Blob(['uploaded on the worker'], { type: 'text/plain' }), 'worker.txt');
		const uploaded = await fetch(`https://${siteHost()}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
		expect(uploaded.status, await uploaded.clone().text()).toBe(200);
		uploadedFileId = ((await uploaded.json()) as { data: { id: string } }).data.id;
		expect((await servedCertificate(siteHost(), stack!.caddyRootCertificate)).subjectaltname).toBe(`DNS:${siteHost()}`);
	}, 240_000);

	test('started again with the worker taking no new task, serves from the platform node what was written on the worker', async () => {
		await setNodeAvailability(WORKER, 'pause');
		try {
			await stack!.runtime.stopInstance(project.id);
			expect(await servicesOfRuntime(stack!.runtimeDataDir)).toEqual([]);
			await stack!.runtime.startInstance(project.id);
			expect(await runningNodeOf(service)).toBe(manager);
		} finally {
			await setNodeAvailability(WORKER, 'active');
		}
		const token = await siteToken();
		const me = await fetch(`https://${siteHost()}/users/me`, { headers: { authorization: `Bearer ${token}` } });
		expect(((await me.json()) as { data: { first_name: string } }).data.first_name).toBe('Written on the worker');
		const file = await fetch(`https://${siteHost()}/assets/${uploadedFileId}`, { headers: { authorization: `Bearer ${token}` } });
		expect(file.status).toBe(200);
		expect(await file.text()).toBe('uploaded on the worker');
	}, 240_000);

	test("keeps the site on its task while the runtime's task is replaced: served through the node router and its files through the site gate meanwhile, then taken over", async () => {
		const tasksBefore = (await tasksOfService(service)).map((task) => task.id);
		const token = await siteToken();
		const me = () => fetch(`https://${siteHost()}/users/me`, { headers: { authorization: `Bearer ${token}` } });
		const directAnswers = async () => sampleValue(await (await fetch(stack!.nodeRouterMetricsUrl)).text(), 'epic_node_router_requests_total{way="direct"}') ?? 0;

		// Its task stopped as an update stops it (SIGTERM, its service still there), none started yet.
		await stack!.scale('runtime', 0);
		expect(await stack!.nodesOfStartedTasks(`${stack!.name}_runtime`)).toEqual([]);
		// It left the site's service running (it knew its own service by the name Swarm filled in).
		expect(await servicesOfRuntime(stack!.runtimeDataDir)).toEqual([service]);
		expect((await runningTasksOf(service)).map((task) => task.id)).toEqual([tasksBefore[0]]);
		const directBefore = await directAnswers();
		const whileAway = await me();
		expect(whileAway.status, await whileAway.clone().text()).toBe(200);
		expect(((await whileAway.json()) as { data: { first_name: string } }).data.first_name).toBe('Written on the worker');
		// Its file too: the task reads the bucket through the gate's port, held now by the site gate alone.
		const file = await fetch(`https://${siteHost()}/assets/${uploadedFileId}`, { headers: { authorization: `Bearer ${token}` } });
		expect(file.status, await file.clone().text()).toBe(200);
		expect(await file.text()).toBe('uploaded on the worker');
		expect(await directAnswers()).toBe(directBefore + 2);

		await stack!.scale('runtime', 1);
		await waitFor('the new runtime to have the site running', async () => (await stack!.runtime.instanceStatus(project.id).catch(() => null))?.state === 'running', 120_000, 500);
		const afterwards = await me();
		expect(afterwards.status, await afterwards.clone().text()).toBe(200);
		// No task was started or replaced: the site never went down for a cold boot.
		expect((await tasksOfService(service)).map((task) => task.id)).toEqual(tasksBefore);
	}, 240_000);

	test("sends the sites to the runtime's router while the node router is away (its own update)", async () => {
		const token = await siteToken();
		await stack!.scale('node-router', 0);
		try {
			expect(await stack!.nodesOfStartedTasks(`${stack!.name}_node-router`)).toEqual([]);
			// Refused by the node router's port, taken by the runtime's router (the Caddyfile's second upstream).
			const me = await fetch(`https://${siteHost()}/users/me`, { headers: { authorization: `Bearer ${token}` } });
			expect(me.status, await me.clone().text()).toBe(200);
			expect(((await me.json()) as { data: { first_name: string } }).data.first_name).toBe('Written on the worker');
		} finally {
			await stack!.scale('node-router', 1);
		}
	}, 120_000);

	test('leaves no site service behind once the stack is removed', async () => {
		expect(await servicesOfRuntime(stack!.runtimeDataDir)).toEqual([service]);
		await stack!.remove();
		// The runtime removed its sites' services as it stopped (SIGTERM from `docker stack rm`):
		// with its container gone, nothing else would.
		expect(await servicesOfRuntime(stack!.runtimeDataDir)).toEqual([]);
	}, 240_000);
});
