import { describe, expect, test } from 'vitest';
import { Registry } from 'prom-client';
import { registerPreviousSecretGauge } from '../metrics/previous-secret-gauge.ts';
import type { EngineGet } from './docker-engine-api.ts';
import { servicesOnPreviousSecret } from './sites-on-previous-secret.ts';
import { siteTaskToken } from './task-gate/site-task-token.ts';

const current = 'c'.repeat(40);
const previous = 'p'.repeat(40);

function service(name: string, env: string[]) {
	return { Spec: { Name: name, TaskTemplate: { ContainerSpec: { Env: ['DB_CLIENT=pg', ...env] } } } };
}

describe('sites still holding the previous secret', () => {
	test('are the services whose task token is not the current secret’s', async () => {
		let asked = '';
		const get: EngineGet = async <T>(path: string) => {
			asked = decodeURIComponent(path);
			return [
				service('epic-site-renewed', ['SITE_TASK_INSTANCE=a1', `SITE_TASK_TOKEN=${siteTaskToken(current, 'a1')}`]),
				service('epic-site-old', ['SITE_TASK_INSTANCE=b2', `SITE_TASK_TOKEN=${siteTaskToken(previous, 'b2')}`]),
				// Another site's current token is no token of this one's.
				service('epic-site-borrowed', ['SITE_TASK_INSTANCE=c3', `SITE_TASK_TOKEN=${siteTaskToken(current, 'a1')}`]),
				service('epic-site-tokenless', ['SITE_TASK_INSTANCE=d4']),
			] as T;
		};
		expect(await servicesOnPreviousSecret('/data', current, get)).toEqual(['epic-site-old', 'epic-site-borrowed', 'epic-site-tokenless']);
		expect(asked).toContain('"label":["epic.runtime=/data"]');
	});

	test('are counted by a gauge that reads unknown, not zero, when the engine does not answer', async () => {
		const registry = new Registry();
		const logged: string[] = [];
		let answer: () => Promise<string[]> = async () => ['epic-site-old'];
		registerPreviousSecretGauge(
			registry,
			() => answer(),
			(message) => logged.push(message),
		);
		expect(await registry.getSingleMetricAsString('epic_swarm_sites_on_previous_secret')).toMatch(/^epic_swarm_sites_on_previous_secret 1$/m);

		answer = async () => {
			throw new Error('connect ENOENT /var/run/docker.sock');
		};
		expect(await registry.getSingleMetricAsString('epic_swarm_sites_on_previous_secret')).toMatch(/^epic_swarm_sites_on_previous_secret Nan$/m);
		expect(logged).toEqual(['could not count the sites on the previous secret: connect ENOENT /var/run/docker.sock']);
	});
});
