/**
 * The customer's path on swarm: a control plane (SQLite, sandbox billing) in front of a runtime
 * with RUNTIME_DRIVER=swarm; a customer registers, subscribes and creates a project through the
 * portal's API, and the project's site is a Swarm service that serves through the router, signed
 * in with the credentials the portal reveals to its owner.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProjectCredentials } from '@epic/platform-api';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { serviceName } from '../../runtime/src/swarm/swarm-service-arguments.ts';
import { api, useOwnControlPlane, type Data } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { instanceDirOf } from '../support/runtime-inspection.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { startSwarmSites, type SwarmSites } from '../support/swarm/swarm-sites.ts';
import { managerHostname, runningNodeOf } from '../support/swarm/test-swarm.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from '../support/test-control-plane.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';

let swarm: SwarmSites;
let controlPlane: RunningTestControlPlane;

beforeAll(async () => {
	const controlPlanePort = await freeLoopbackPort();
	swarm = await startSwarmSites('epicnode2', { warmPoolSize: 1, controlPlaneUrl: `http://127.0.0.1:${controlPlanePort}` });
	controlPlane = await bootTestControlPlane('sqlite3', {
		label: 'swarm',
		env: {
			PORT: String(controlPlanePort),
			PUBLIC_URL: swarm.runtime.routerUrl,
			PUBLIC_HOST: 'localhost',
			RUNTIME_URL: swarm.runtime.apiUrl,
			RUNTIME_SECRET: swarm.runtime.secret,
		},
	});
	const { stop: _stop, kill9: _kill9, restart: _restart, ...handle } = controlPlane;
	useOwnControlPlane(handle);
}, 300_000);

afterAll(async () => {
	await controlPlane?.stop();
	await swarm?.destroy();
}, 120_000);

describe('a project created through the portal on swarm', () => {
	test('is a Swarm service serving through the router, with the owner’s credentials', async () => {
		const customer = await registerVerifiedCustomer('swarmer');
		await subscribeInSandbox(customer);
		const project = await publishedProject(customer, 'onswarm');

		const service = serviceName(instanceDirOf(swarm.runtime.dataDir, project.id));
		expect(['epicnode2', await managerHostname()]).toContain(await runningNodeOf(service));
		const credentials = (await api<Data<ProjectCredentials>>('GET', `/projects/${project.id}/credentials`, { token: customer.token })).body.data;
		const host = `${project.subdomain}.localhost`;
		const token = await loginThroughRouter(swarm.runtime.routerUrl, host, credentials.admin_email, credentials.admin_password);
		const me = await hostRequest(swarm.runtime.routerUrl, host, '/users/me', { headers: { authorization: `Bearer ${token}` } });
		expect(me.status).toBe(200);
		expect(me.json<{ data: { email: string } }>().data.email).toBe(credentials.admin_email);
	});
});
