import { describe, expect, it } from 'vitest';
import { MEASURED_PER_RUN, STORAGE_EVERY_MS, storageDue, type StoredMeasurement } from './storage-sync.ts';

const now = new Date('2026-03-15T10:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('which projects the sync measures', () => {
	it('measures a project never measured, and one whose figure is old, at once', () => {
		const stored = [
			{ id: 'new', storage_measured_at: null },
			{ id: 'old', storage_measured_at: ago(STORAGE_EVERY_MS) },
			{ id: 'fresh', storage_measured_at: ago(STORAGE_EVERY_MS - 1000) },
		];
		expect(storageDue(stored, new Set(['new', 'old', 'fresh']), now)).toEqual(['new', 'old']);
	});

	it("measures at most a run's share, never measured first, then the oldest", () => {
		const stored: StoredMeasurement[] = Array.from({ length: MEASURED_PER_RUN + 5 }, (_, index) => ({
			id: `p${index}`,
			storage_measured_at: ago(STORAGE_EVERY_MS + index * 1000),
		}));
		stored.push({ id: 'never', storage_measured_at: null });
		const due = storageDue(stored, new Set(stored.map((project) => project.id)), now);
		expect(due).toHaveLength(MEASURED_PER_RUN);
		expect(due[0]).toBe('never');
		expect(due[1]).toBe(`p${MEASURED_PER_RUN + 4}`);
	});

	it('leaves alone projects the runtime has no site for (drafts, failed, the warm pool)', () => {
		expect(storageDue([{ id: 'draft', storage_measured_at: null }], new Set(['pool-1']), now)).toEqual([]);
	});
});
