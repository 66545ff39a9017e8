import { describe, expect, it } from 'vitest';
import { toAccountNotification, type NotificationRow } from './notification-row.ts';

const row = (changes: Partial<NotificationRow>): NotificationRow => ({
	id: 'f3b1c3a0-3c4e-4d5a-9a51-2b7d8e9f0a1b',
	kind: 'domain_verified',
	project: '0f8fad5b-d9cb-469f-a165-70867728950e',
	params: { project_name: 'Shop', domain: 'www.shop.example' },
	date_created: new Date('2026-11-22T10:00:00.000Z'),
	read_at: null,
	...changes,
});

describe('toAccountNotification', () => {
	it('answers PostgreSQL rows (parsed json, dates) and SQLite rows (json text, epoch milliseconds) alike', () => {
		const expected = {
			id: 'f3b1c3a0-3c4e-4d5a-9a51-2b7d8e9f0a1b',
			kind: 'domain_verified',
			project: '0f8fad5b-d9cb-469f-a165-70867728950e',
			params: { project_name: 'Shop', domain: 'www.shop.example' },
			date_created: '2026-11-22T10:00:00.000Z',
			read_at: null,
		};
		expect(toAccountNotification(row({}))).toEqual(expected);
		const sqlite = row({ params: JSON.stringify(expected.params), date_created: Date.parse(expected.date_created), read_at: 1_795_000_000_000 });
		expect(toAccountNotification(sqlite)).toEqual({ ...expected, read_at: new Date(1_795_000_000_000).toISOString() });
	});

	it('leaves out a kind this version does not know and params that are not an object', () => {
		expect(toAccountNotification(row({ kind: 'welcome' }))).toBeNull();
		expect(toAccountNotification(row({ params: 'not json' }))).toBeNull();
		expect(toAccountNotification(row({ params: '[1]' }))).toBeNull();
		expect(toAccountNotification(row({ params: null }))).toBeNull();
	});
});
