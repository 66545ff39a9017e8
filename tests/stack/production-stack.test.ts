/**
 * The production stack (docker-compose.yml, Caddyfile, the Dockerfiles) run as an operator runs
 * it: PostgreSQL, Redis, the control plane, the runtime with the Docker driver, MailDev and Caddy.
 * Everything a customer does here goes over HTTPS through Caddy by the stack's host names, trusting
 * only Caddy's CA: the control plane's API for registering, paying and creating a project, then the
 * project's own subdomain for signing in to its Studio.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Project, ProjectCredentials } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, useOwnControlPlane, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer } from '../support/customers.ts';
import { containersOfRuntime } from '../support/docker.ts';
import { fetchThroughLoopback, servedCertificate } from '../support/loopback-https.ts';
import {
	STACK_CONTROL_PLANE_HOST,
	STACK_CONTROL_PLANE_REPLICAS,
	STACK_PUBLIC_HOST,
	stackControlPlane,
	startProductionStack,
	type ProductionStack,
} from '../support/production-stack.ts';
import { STACK_IMAGES_WAIT_MS, stackImagesBuilt } from '../support/stack-images.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { readUntil } from '../support/wait-for.ts';
import { holdForThisFile } from '../support/machine-lock.ts';

let stack: ProductionStack;
let restoreFetch: (() => Promise<void>) | undefined;

holdForThisFile('stack-ports');

// Built in the background since the run began (tests/setup/stack-images.global.ts).
beforeAll(() => stackImagesBuilt(), STACK_IMAGES_WAIT_MS);

beforeAll(async () => {
	stack = await startProductionStack();
	restoreFetch = fetchThroughLoopback(stack.caddyRootCertificate);
	useOwnControlPlane(stackControlPlane(stack));
}, 600_000);

afterAll(async () => {
	await restoreFetch?.();
	await stack?.down();
}, 180_000);

describe('the production stack', () => {
	it('serves the portal over HTTPS on the control plane host', async () => {
		const portal = await fetch(`${stack.controlPlaneUrl}/`, { headers: { accept: 'text/html' } });
		expect(portal.status).toBe(200);
		expect(await portal.text()).toContain('<div id="root" data-server-rendered>');
		const certificate = await servedCertificate(STACK_CONTROL_PLANE_HOST, stack.caddyRootCertificate);
		expect(certificate.subjectaltname).toBe(`DNS:${STACK_CONTROL_PLANE_HOST}`);
	});

	it('lets a customer register, pay in the sandbox, create a project and sign in to its Studio on its subdomain', async () => {
		const customer = await registerVerifiedCustomer('stack');
		await subscribeInSandbox(customer);
		const project = await publishedProject(customer, 'stack');
		const credentials = await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: customer.token });
		expect(credentials.status).toBe(200);
		const { admin_email: email, admin_password: password } = credentials.body.data;

		const siteHost = `${project.subdomain}.${STACK_PUBLIC_HOST}`;
		const studio = await fetch(`https://${siteHost}/admin/`, { headers: { accept: 'text/html' } });
		expect(studio.status).toBe(200);
		expect(await studio.text()).toContain('<div id="app"');
		const signIn = await fetch(`https://${siteHost}/auth/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email, password }),
		});
		expect(signIn.status).toBe(200);
		const { access_token: token } = ((await signIn.json()) as { data: { access_token: string } }).data;
		const me = await fetch(`https://${siteHost}/users/me`, { headers: { authorization: `Bearer ${token}` } });
		expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);

		// Caddy got the site's certificate on demand, from its CA, for that name alone.
		expect((await servedCertificate(siteHost, stack.caddyRootCertificate)).subjectaltname).toBe(`DNS:${siteHost}`);
		// The setup's certificate step says so: complete, as the control plane saw the site served over HTTPS
		// (at publication, or on the schedule's next check if Caddy was slower than the handshake).
		const certificateStep = async () =>
			(await api<Data<Project>>('GET', `/projects/${project.id}`, { token: customer.token })).body.data.steps.find((step) => step.name === 'certificate');
		expect(await readUntil(certificateStep, (step) => step?.state !== 'in_progress', 30_000, 1000)).toMatchObject({
			state: 'complete',
			detail: expect.stringContaining(`${siteHost} is served over HTTPS`),
		});
		// The runtime has the Pro plan's limits for it, and reads its memory from the container's cgroup.
		const site = await stack.runtime.instanceStatus(project.id);
		expect(site?.resources).toEqual({ memoryMb: 512, cpuShares: 1024, uploadMaxMb: 200, storageQuotaMb: 5120, mailPerHour: 200 });
		expect(site?.memoryBytes).toBeGreaterThan(100 * 1024 * 1024);
		expect(site?.memoryBytes).toBeLessThan(512 * 1024 * 1024);
		// The site is a container of the site image, locked down, published on loopback only.
		const containers = await containersOfRuntime(stack.runtimeDataDir);
		expect(containers.length).toBeGreaterThan(0);
		for (const container of containers) {
			expect(container.Config.Image).toBe('epic/site:latest');
			expect(container.HostConfig.ReadonlyRootfs).toBe(true);
			expect(
				Object.values(container.HostConfig.PortBindings)
					.flat()
					.map((binding) => binding.HostIp),
			).toEqual(['127.0.0.1']);
			// Its database is reached through its gate's socket, mounted read-only, never over the network.
			expect(container.Mounts.find((mount) => mount.Destination === '/run/epic-database')?.RW).toBe(false);
			expect(container.Config.Env).toContain('DB_HOST=/run/epic-database');
		}
		// The project's database on the stack's PostgreSQL is its own role's, the role its container
		// connects as (with its password: this server checks passwords, scram), and no superuser.
		// The runtime's records are in its state database on the stack's PostgreSQL, none on its volume.
		expect(existsSync(path.join(stack.runtimeDataDir, 'state.json'))).toBe(false);
		const storage = (await stack.runtimeRecords()).find((record) => record.id === project.id)?.storage;
		if (storage?.client !== 'pg') throw new Error(`The project's site is not on PostgreSQL: ${JSON.stringify(storage)}`);
		expect(await stack.postgresValue(`SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '${storage.database}'`)).toBe(storage.database);
		const siteContainer = containers.find((container) => container.Config.Env.includes(`DB_DATABASE=${storage.database}`));
		expect(siteContainer?.Config.Env).toContain(`DB_USER=${storage.database}`);
		expect(await stack.postgresValue(`SELECT rolsuper FROM pg_roles WHERE rolname = '${storage.database}'`)).toBe('f');
	}, 240_000);

	it("runs the runtime and the control plane on read-only roots, Studio's extensions bundled all the same", async () => {
		expect(await stack.readOnlyRoot('runtime')).toBe(true);
		expect(await stack.readOnlyRoot('control-plane')).toBe(true);
		// Directus bundles Studio's extensions (the Verify DNS operation) at start, into its TEMP_PATH on the /data volume.
		const bundle = await fetch(`${stack.controlPlaneUrl}/extensions/sources/index.js`);
		expect(bundle.status).toBe(200);
		expect(await bundle.text()).toContain('dns-verify');
	});

	it('issues no certificate for a host that is not one of its sites', async () => {
		for (const host of [`nobody-here.${STACK_PUBLIC_HOST}`, 'example.org']) {
			await expect(servedCertificate(host, stack.caddyRootCertificate), host).rejects.toMatchObject({ code: 'ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR' });
		}
	});

	// Last: it kills a replica.
	it('runs the control plane as replicas on ports of its range, and answers every request while one is killed and comes back', async () => {
		const replicas = await stack.controlPlaneReplicas();
		expect(replicas).toHaveLength(STACK_CONTROL_PLANE_REPLICAS);
		const ports = await Promise.all(replicas.map((id) => stack.replicaPort(id)));
		expect(new Set(ports).size).toBe(replicas.length);
		for (const port of ports) expect(stack.replicaPortRange).toContain(port);

		const plans = () => fetch(`${stack.controlPlaneUrl}/stripe/plans`).then((response) => response.status);
		const killed = replicas[0]!;
		await stack.killReplica(killed);
		// Caddy's retries and health checks: not one request fails while the replica is gone.
		const statuses: number[] = [];
		for (let request = 0; request < 40; request++) statuses.push(await plans());
		expect(statuses.filter((status) => status !== 200)).toEqual([]);
		// Docker restarts it (restart: unless-stopped); it takes a port of the range again and serves.
		expect(await stack.waitHealthy(killed)).toBe(true);
		expect(stack.replicaPortRange).toContain(await stack.replicaPort(killed));
	}, 300_000);
});
