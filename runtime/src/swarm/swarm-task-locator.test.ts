import { describe, expect, test } from 'vitest';
import { EngineRequestError, type EngineGet } from './docker-engine-api.ts';
import { isWantedTask, locateTask, nodeAddress } from './swarm-task-locator.ts';

const port = (published: number) => ({ PortStatus: { Ports: [{ TargetPort: 8055, PublishedPort: published, PublishMode: 'host' }] } });

function engine(tasks: unknown[], nodes: Record<string, unknown>): EngineGet {
	return async <T>(path: string): Promise<T> => {
		if (path.startsWith('/tasks?')) return tasks as T;
		const id = decodeURIComponent(path.slice('/nodes/'.length));
		if (!(id in nodes)) throw new EngineRequestError(404, `node ${id} not found`);
		return nodes[id] as T;
	};
}

describe('where a site’s task answers', () => {
	test('is the running task Swarm wants running, on a ready node, at its published port', async () => {
		const get = engine(
			[
				// The task of a node Swarm gave up on: shut down in Swarm's eyes, whatever its container does.
				{ ID: 'old', NodeID: 'n2', DesiredState: 'shutdown', Status: { State: 'running', ...port(30001) } },
				{ ID: 'new', NodeID: 'n1', DesiredState: 'running', Status: { State: 'running', ...port(30002) } },
			],
			{ n1: { ID: 'n1', Status: { State: 'ready', Addr: '10.0.0.1' } }, n2: { ID: 'n2', Status: { State: 'down', Addr: '10.0.0.2' } } },
		);
		expect(await locateTask('epic-site-a', get)).toEqual({ taskId: 'new', nodeId: 'n1', host: '10.0.0.1', port: 30002 });
	});

	test('is none while the task starts, or while its node is down', async () => {
		const starting = engine([{ ID: 't', NodeID: 'n1', DesiredState: 'running', Status: { State: 'starting' } }], {
			n1: { ID: 'n1', Status: { State: 'ready', Addr: '10.0.0.1' } },
		});
		expect(await locateTask('s', starting)).toBeNull();
		const lost = engine([{ ID: 't', NodeID: 'n2', DesiredState: 'running', Status: { State: 'running', ...port(30001) } }], {
			n2: { ID: 'n2', Status: { State: 'down', Addr: '10.0.0.2' } },
		});
		expect(await locateTask('s', lost)).toBeNull();
		const removed = engine([{ ID: 't', NodeID: 'gone', DesiredState: 'running', Status: { State: 'running', ...port(30001) } }], {});
		expect(await locateTask('s', removed)).toBeNull();
	});

	test('a task Swarm wants running is one of the service’s, starting or running; one it replaced is not', async () => {
		const get = engine(
			[
				{ ID: 'old', NodeID: 'n2', DesiredState: 'shutdown', Status: { State: 'running' } },
				{ ID: 'new', NodeID: 'n1', DesiredState: 'running', Status: { State: 'starting' } },
			],
			{},
		);
		expect(await isWantedTask('epic-site-a', 'new', get)).toBe(true);
		expect(await isWantedTask('epic-site-a', 'old', get)).toBe(false);
		expect(await isWantedTask('epic-site-a', 'unknown', get)).toBe(false);
	});

	test('takes a manager’s raft address when it reports 0.0.0.0', () => {
		expect(nodeAddress({ ID: 'm', Status: { State: 'ready', Addr: '0.0.0.0' }, ManagerStatus: { Addr: '10.0.0.9:2377' } })).toBe('10.0.0.9');
		expect(nodeAddress({ ID: 'w', Status: { State: 'ready', Addr: '10.0.0.3' } })).toBe('10.0.0.3');
	});
});
