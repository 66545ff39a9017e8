import { describe, expect, it } from 'vitest';
import knex from 'knex';
import { fromDbTimestamp, toDbDate } from './db-values.ts';

describe('fromDbTimestamp', () => {
	it('reads what SQLite and PostgreSQL hand back as one ISO form', () => {
		const iso = '2026-11-22T14:00:00.000Z';
		expect(fromDbTimestamp(String(Date.parse(iso)))).toBe(iso);
		expect(fromDbTimestamp(Date.parse(iso))).toBe(iso);
		expect(fromDbTimestamp(new Date(iso))).toBe(iso);
		expect(fromDbTimestamp(iso)).toBe(iso);
		expect(fromDbTimestamp(null)).toBeNull();
	});
});

describe('toDbDate', () => {
	it("stores a day as Directus does: the day itself on PostgreSQL, its local midnight's epoch milliseconds on SQLite", async () => {
		const pg = knex({ client: 'pg' });
		const sqlite = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
		try {
			expect(toDbDate(pg, '2026-03-15')).toBe('2026-03-15');
			const stored = toDbDate(sqlite, '2026-03-15') as number;
			const read = new Date(stored);
			expect([read.getFullYear(), read.getMonth() + 1, read.getDate(), read.getHours(), read.getMinutes()]).toEqual([2026, 3, 15, 0, 0]);
		} finally {
			await pg.destroy();
			await sqlite.destroy();
		}
	});
});
