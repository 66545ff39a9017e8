import { describe, expect, test } from 'vitest';
import { taskShellArguments } from './task-gate/task-command.ts';
import { serviceCreateArguments, serviceName, serviceUpdateLimitsArguments, swarmLimitFlags, type SwarmServiceSettings } from './swarm-service-arguments.ts';

const settings: SwarmServiceSettings = {
	image: 'epic/site:latest',
	network: 'epic-swarm-sites',
	codeDir: undefined,
	memoryMb: 512,
	cpuShares: 1024,
	pidsLimit: 256,
	uid: 1000,
	runtimeDir: '/data/runtime',
	readOnlyMounts: ['/data/runtime/site-migrations'],
};

describe('a site service’s command line', () => {
	test('is one locked-down task on the sites’ network, its port published on its node', () => {
		const args = serviceCreateArguments(settings, '/data/runtime/instances/abc123', { SECRET: 's3cr3t', KEY: 'k', PORT: '41000', EPIC_INSTANCE_DIR: '/x' }, undefined);
		expect(args.slice(0, 3)).toEqual(['service', 'create', '--detach']);
		expect(args).toEqual(
			expect.arrayContaining([
				'--name=epic-site-abc123',
				'--replicas=1',
				'--network=epic-swarm-sites',
				'--publish=mode=host,target=8055',
				'--user=1000:1000',
				'--read-only',
				'--cap-drop=ALL',
				'--init',
				'--no-healthcheck',
				'--update-order=stop-first',
				'--limit-pids=256',
				'--limit-memory=512m',
				'--reserve-memory=512m',
				'--limit-cpu=1.00',
				'--mount=type=bind,source=/data/runtime/site-migrations,destination=/data/runtime/site-migrations,readonly',
				'--label=epic.site.dir=/data/runtime/instances/abc123',
			]),
		);
	});

	test('names each variable without its value, and none of the holder’s own', () => {
		const args = serviceCreateArguments(settings, '/data/runtime/instances/abc123', { SECRET: 's3cr3t', PORT: '41000', HOST: '127.0.0.1', EPIC_INSTANCE_DIR: '/x' }, undefined);
		expect(args).toContain('--env=SECRET');
		expect(args.join(' ')).not.toContain('s3cr3t');
		expect(args).not.toContain('--env=EPIC_INSTANCE_DIR');
		// The task listens on its own port, on every address of its container.
		expect(args).toContain('--env=PORT=8055');
		expect(args).toContain('--env=HOST=0.0.0.0');
		expect(args).not.toContain('--env=PORT');
	});

	test('runs the task entry first, which asks for the task’s database password, then Directus, with the task’s id from Swarm', () => {
		const args = serviceCreateArguments(settings, '/d/instances/abc', {}, undefined);
		expect(args).toContain('--env=SITE_TASK_ID={{.Task.ID}}');
		const image = args.indexOf('epic/site:latest');
		expect(args[image - 1]).toBe('--entrypoint=sh');
		expect(args.slice(image + 1)).toEqual(taskShellArguments(['/app/node_modules/@directus/api/dist/cli/run.js', 'start']));
	});

	test('takes the plan’s limits over the runtime’s defaults', () => {
		const args = serviceCreateArguments(settings, '/d/instances/abc', {}, { memoryMb: 768, cpuShares: 512 });
		expect(args).toEqual(expect.arrayContaining(['--limit-memory=768m', '--reserve-memory=768m', '--limit-cpu=0.50']));
		expect(serviceUpdateLimitsArguments({ memoryMb: 1024, cpuShares: 2048 }, 'epic-site-abc')).toEqual([
			'service',
			'update',
			'--detach',
			'--limit-memory=1024m',
			'--reserve-memory=1024m',
			'--limit-cpu=2.00',
			'epic-site-abc',
		]);
		expect(swarmLimitFlags({ memoryMb: 256, cpuShares: 2 })).toContain('--limit-cpu=0.05');
	});

	test('refuses a folder whose name cannot name a service', () => {
		expect(() => serviceName('/data/instances/../')).toThrow(/cannot name a Swarm service/);
		expect(() => serviceName('/data/instances/a b')).toThrow(/cannot name a Swarm service/);
	});
});
