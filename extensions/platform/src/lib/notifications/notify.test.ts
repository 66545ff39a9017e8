import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { loggedNotifier } from './notify.ts';

describe('loggedNotifier', () => {
	it('logs a write that fails instead of throwing it at the operation it tells of', async () => {
		const unreachable = (() => ({ insert: () => Promise.reject(new Error('connection refused')) })) as unknown as Knex;
		Object.assign(unreachable, { client: { config: { client: 'pg' } } });
		const logged: string[] = [];
		const notify = loggedNotifier(unreachable, { error: (message) => logged.push(message) });
		await expect(notify({ user: 'u1', kind: 'project_ready', project: 'p1', params: { project_name: 'Shop' } })).resolves.toBeUndefined();
		expect(logged).toEqual(['Notification project_ready for user u1 not stored: connection refused']);
	});
});
