import { describe, expect, it } from 'vitest';
import type { InstanceStatus } from '../../runtime-driver/runtime-driver.ts';
import { dailyRequestChanges, dailyRequestsId, projectChanges, type StoredProject } from './instance-sync-changes.ts';

const shop = '11111111-1111-4111-8111-111111111111';
const blog = '22222222-2222-4222-8222-222222222222';

function status(projectId: string, changes: Partial<InstanceStatus> = {}): InstanceStatus {
	return {
		projectId,
		state: 'running',
		subdomain: 'shop',
		domains: [],
		corsOrigins: [],
		port: 40000,
		pid: 1234,
		publicUrl: 'http://shop.localhost',
		createdAt: '2026-03-01T00:00:00.000Z',
		lastRequestAt: '2026-03-15T10:00:00.000Z',
		memoryBytes: null,
		restarts: 0,
		lastError: null,
		directusVersion: '12.4.0',
		upgradeFailure: null,
		...changes,
	};
}

const stored = (id: string, values: Partial<StoredProject> = {}): StoredProject => ({
	id,
	instance_state: 'running',
	last_request_at: '2026-03-15T10:00:00.000Z',
	restarts: 0,
	directus_version: '12.4.0',
	upgrade_failure: null,
	...values,
});

describe('projectChanges', () => {
	it('names only the values that differ, comparing times as instants', () => {
		expect(projectChanges([stored(shop, { last_request_at: '2026-03-15T10:00:00Z' })], [status(shop)])).toEqual([]);
		expect(projectChanges([stored(shop)], [status(shop, { lastRequestAt: '2026-03-15T10:05:00.000Z', restarts: 2 })])).toEqual([
			{ id: shop, changes: { last_request_at: '2026-03-15T10:05:00.000Z', restarts: 2 } },
		]);
		expect(projectChanges([stored(shop, { instance_state: null, last_request_at: null, restarts: null, directus_version: null })], [status(shop, { state: 'sleeping' })])).toEqual([
			{ id: shop, changes: { instance_state: 'sleeping', restarts: 0, last_request_at: '2026-03-15T10:00:00.000Z', directus_version: '12.4.0' } },
		]);
	});

	it("shows staff an upgrade's failure in one line, and clears it once an upgrade succeeds", () => {
		const failure = { toVersion: '12.5.0', error: 'Migration 29990101C failed: boom', at: '2026-03-16T03:00:00.000Z' };
		expect(projectChanges([stored(shop)], [status(shop, { upgradeFailure: failure })])).toEqual([
			{ id: shop, changes: { upgrade_failure: 'Upgrade to Directus 12.5.0 failed at 2026-03-16T03:00:00.000Z: Migration 29990101C failed: boom' } },
		]);
		const failed = stored(shop, { upgrade_failure: 'Upgrade to Directus 12.5.0 failed at 2026-03-16T03:00:00.000Z: Migration 29990101C failed: boom' });
		expect(projectChanges([failed], [status(shop, { directusVersion: '12.5.0' })])).toEqual([{ id: shop, changes: { directus_version: '12.5.0', upgrade_failure: null } }]);
	});

	it('keeps a last request the runtime has forgotten, and clears only the state of a project it does not know', () => {
		expect(projectChanges([stored(shop)], [status(shop, { lastRequestAt: null })])).toEqual([]);
		expect(projectChanges([stored(shop, { restarts: 3 }), stored(blog, { instance_state: null })], [])).toEqual([{ id: shop, changes: { instance_state: null } }]);
	});
});

describe('dailyRequestChanges', () => {
	it('writes new and changed days of known projects only', () => {
		const usage = [
			{ projectId: shop, day: '2026-03-14', requests: 10 },
			{ projectId: shop, day: '2026-03-15', requests: 7 },
			{ projectId: blog, day: '2026-03-15', requests: 3 },
			{ projectId: 'pool-0a1b', day: '2026-03-15', requests: 1 },
		];
		const storedRequests = new Map([
			[dailyRequestsId(shop, '2026-03-14'), 10],
			[dailyRequestsId(shop, '2026-03-15'), 5],
		]);
		expect(dailyRequestChanges(usage, new Set([shop, blog]), storedRequests)).toEqual([
			{ id: `2026-03-15_${shop}`, project: shop, day: '2026-03-15', requests: 7 },
			{ id: `2026-03-15_${blog}`, project: blog, day: '2026-03-15', requests: 3 },
		]);
	});
});
