/**
 * Sleep and wake of swarm sites: a site idle for IDLE_TIMEOUT_SECONDS has no task (its service is
 * removed), and the next request through the router starts one, on whichever node Swarm places
 * it, and is answered with the site's content. The node it slept on is drained each time, so every
 * wake is on the other node.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostRequest } from '../support/host-request.ts';
import { siteServiceName } from '../support/swarm/site-records.ts';
import { createNotesCollection, siteRequest, type SiteTarget } from '../support/site-admin.ts';
import { startSwarmSites, type SwarmSites } from '../support/swarm/swarm-sites.ts';
import { runningNodeOf, servicesOfRuntime, setNodeAvailability } from '../support/swarm/test-swarm.ts';
import { loginThroughRouter } from '../support/test-runtime.ts';
import { waitFor } from '../support/wait-for.ts';
import { holdForThisFile } from '../support/machine-lock.ts';

const WORKER = 'epicnode2';
const admin = { email: 'sleeper@example.com', password: 'sleeper-secret-password' };
let swarm: SwarmSites;

holdForThisFile('swarm');

beforeAll(async () => {
	swarm = await startSwarmSites(WORKER, { idleTimeoutSeconds: 4 });
}, 600_000);

afterAll(() => swarm?.destroy(), 120_000);

describe('sleep and wake on a two-node swarm', () => {
	test('a sleeping site has no task, and a request wakes it on the other node with its content', async () => {
		const { runtime } = swarm;
		const created = await runtime.driver.ensureInstance({ projectId: 'p-sleeper', subdomain: 'sleeper', projectName: 'Sleeper', admin });
		expect(created.state).toBe('running');
		const service = await siteServiceName(runtime, 'p-sleeper');
		const token = await loginThroughRouter(runtime.routerUrl, 'sleeper.localhost', admin.email, admin.password);
		const site: SiteTarget = { routerUrl: runtime.routerUrl, host: 'sleeper.localhost', token };
		await createNotesCollection(site);
		await siteRequest(site, 'POST', '/items/notes', 200, { title: 'survives sleep' });

		const visited: string[] = [await runningNodeOf(service)];
		for (let wake = 0; wake < 2; wake++) {
			await waitFor('the site to fall asleep', async () => (await runtime.driver.instanceStatus('p-sleeper'))?.state === 'sleeping', 120_000, 250);
			expect(await servicesOfRuntime(runtime.dataDir)).not.toContain(service);
			const sleptOn = visited.at(-1)!;
			await setNodeAvailability(sleptOn, 'drain');
			try {
				const startedAt = Date.now();
				const answer = await hostRequest(runtime.routerUrl, site.host, '/items/notes', { headers: { authorization: `Bearer ${token}` } });
				process.stderr.write(`swarm: woke on the other node in ${Date.now() - startedAt} ms\n`);
				expect(answer.status, answer.body).toBe(200);
				expect(answer.json<{ data: Array<{ title: string }> }>().data.map((note) => note.title)).toEqual(['survives sleep']);
				visited.push(await runningNodeOf(service));
			} finally {
				await setNodeAvailability(sleptOn, 'active');
			}
		}
		expect(visited[1]).not.toBe(visited[0]);
		expect(visited[2]).toBe(visited[0]);
		expect(new Set(visited).size).toBe(2);
	});
});
