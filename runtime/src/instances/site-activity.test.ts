import { describe, expect, it } from 'vitest';
import { SiteActivity } from './site-activity.ts';

const CREATED = Date.parse('2026-11-27T10:00:00Z');
const record = { id: 'p-1', lastRequestAt: null, createdAt: new Date(CREATED).toISOString() };

describe('SiteActivity', () => {
	it('counts idle time from the record before this process saw a request, then from the last activity', () => {
		let now = CREATED + 60_000;
		const activity = new SiteActivity(() => now);
		expect(activity.idleFor(record, 60_000)).toBe(true);
		expect(activity.lastRequestAt(record)).toBeNull();

		activity.restart('p-1');
		expect(activity.idleFor(record, 60_000)).toBe(false);
		now += 60_000;
		expect(activity.idleFor(record, 60_000)).toBe(true);
		expect(activity.lastRequestAt(record)).toBe(new Date(CREATED + 60_000).toISOString());
	});

	it('is never idle while a request or websocket is open, and counts from its end', () => {
		let now = CREATED;
		const activity = new SiteActivity(() => now);
		const end = activity.begin('p-1');
		now += 10 * 60_000;
		expect(activity.idleFor(record, 60_000)).toBe(false);
		end();
		end();
		expect(activity.idleFor(record, 60_000)).toBe(false);
		now += 60_000;
		expect(activity.idleFor(record, 60_000)).toBe(true);
	});

	it('forgets a deleted site', () => {
		const activity = new SiteActivity(() => CREATED + 1000);
		activity.restart('p-1');
		activity.forget('p-1');
		expect(activity.lastRequestAt(record)).toBeNull();
	});
});
