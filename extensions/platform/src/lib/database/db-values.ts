/**
 * Values read or written with knex directly (the hot path of webhook events skips Directus's
 * services and their per-call copy of the schema) in the form Directus itself uses: on SQLite
 * Directus keeps timestamps as epoch milliseconds and booleans as 0/1.
 */
import type { Knex } from 'knex';

const isSqlite = (db: Knex) => String(db.client.config.client).includes('sqlite');

export function toDbTimestamp(db: Knex, date: Date): number | Date {
	return isSqlite(db) ? date.getTime() : date;
}

/**
 * A `date` field's value for `YYYY-MM-DD`. On SQLite Directus stores a date as the epoch
 * milliseconds of that day's local midnight (and its date functions read it back in local time).
 */
export function toDbDate(db: Knex, day: string): number | string {
	if (!isSqlite(db)) return day;
	const [year, month, date] = day.split('-').map(Number) as [number, number, number];
	return new Date(year, month - 1, date).getTime();
}

export function fromDbTimestamp(value: unknown): string | null {
	if (value === null || value === undefined || value === '') return null;
	if (value instanceof Date) return value.toISOString();
	const numeric = typeof value === 'number' ? value : /^\d+$/.test(String(value)) ? Number(value) : null;
	return new Date(numeric ?? String(value)).toISOString();
}
