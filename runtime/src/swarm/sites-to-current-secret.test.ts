import { describe, expect, test } from 'vitest';
import type { InstanceControl } from '../instances/instance-service.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import { moveSitesToCurrentSecret, renewThrough, type SecretMoveParts } from './sites-to-current-secret.ts';

function record(id: string): InstanceRecord {
	return { id, dir: `/data/instances/${id}-dir` } as InstanceRecord;
}

/** A swarm whose listed services leave the list when their site is renewed, unless it fails. */
function parts(ids: string[], options: { failing?: string[]; stopAfter?: number } = {}) {
	const onPrevious = new Set(ids.map((id) => `epic-site-${id}-dir`));
	const renewed: string[] = [];
	const lines: string[] = [];
	const given: SecretMoveParts = {
		servicesOnPreviousSecret: async () => [...onPrevious],
		records: () => ['a', 'b', 'c'].map(record),
		renew: async (site) => {
			renewed.push(site.id);
			if (options.failing?.includes(site.id)) throw new Error('the engine refused');
			onPrevious.delete(`epic-site-${site.id}-dir`);
		},
		stopping: () => options.stopAfter !== undefined && renewed.length >= options.stopAfter,
		log: (line) => lines.push(line),
	};
	return { given, renewed, lines, onPrevious };
}

describe('moving the sites to the current secret', () => {
	test('renews each listed site once, one after another, and says when none is left', async () => {
		const swarm = parts(['a', 'c']);
		await moveSitesToCurrentSecret(swarm.given);
		expect(swarm.renewed).toEqual(['a', 'c']);
		expect(swarm.onPrevious.size).toBe(0);
		expect(swarm.lines.at(-1)).toMatch(/^no site service holds credentials of RUNTIME_SECRET_PREVIOUS/);
	});

	test('tries a failing site once, goes on with the others and names it at the end', async () => {
		const swarm = parts(['a', 'b', 'c'], { failing: ['b'] });
		await moveSitesToCurrentSecret(swarm.given);
		expect(swarm.renewed).toEqual(['a', 'b', 'c']);
		expect(swarm.lines).toContain('b: could not start its site again under RUNTIME_SECRET: the engine refused');
		expect(swarm.lines.at(-1)).toBe('1 site service(s) still hold credentials of RUNTIME_SECRET_PREVIOUS until they start again: epic-site-b-dir');
	});

	test('leaves a service that is no site of this runtime’s records alone', async () => {
		const swarm = parts(['a', 'gone']);
		await moveSitesToCurrentSecret(swarm.given);
		expect(swarm.renewed).toEqual(['a']);
		expect(swarm.lines.at(-1)).toContain(': epic-site-gone-dir');
	});

	test('starts no further site once the runtime is stopping', async () => {
		const swarm = parts(['a', 'b', 'c'], { stopAfter: 1 });
		await moveSitesToCurrentSecret(swarm.given);
		expect(swarm.renewed).toEqual(['a']);
	});

	test('logs an engine that does not answer instead of rejecting', async () => {
		const swarm = parts(['a']);
		swarm.given.servicesOnPreviousSecret = async () => {
			throw new Error('connect ENOENT /var/run/docker.sock');
		};
		await expect(moveSitesToCurrentSecret(swarm.given)).resolves.toBeUndefined();
		expect(swarm.lines).toEqual(['could not move the sites to RUNTIME_SECRET: connect ENOENT /var/run/docker.sock']);
	});
});

describe('renewing one site', () => {
	async function renewed(state: Partial<InstanceRecord>): Promise<string[]> {
		const calls: string[] = [];
		const site = { ...record('a'), desired: 'running', asleep: false, ...state } as InstanceRecord;
		const control: InstanceControl = {
			record: site,
			stop: async () => void calls.push('stop'),
			start: async () => (calls.push('start'), 8055),
			sleep: async () => void calls.push('sleep'),
		};
		await renewThrough({ exclusively: async (id, work) => (calls.push(`lock ${id}`), work(control)) })(site);
		return calls;
	}

	test('an awake site is stopped and started again under its lock', async () => {
		expect(await renewed({})).toEqual(['lock a', 'stop', 'start']);
	});

	test('a sleeping site is put to sleep stopped, not woken', async () => {
		expect(await renewed({ asleep: true })).toEqual(['lock a', 'sleep']);
	});

	test('a site stopped meanwhile is left stopped', async () => {
		expect(await renewed({ desired: 'stopped' })).toEqual(['lock a']);
	});
});
