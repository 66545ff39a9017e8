import { describe, expect, it } from 'vitest';
import { fromDbTimestamp } from './db-values.ts';

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
