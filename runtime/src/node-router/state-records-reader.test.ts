import { describe, expect, it, vi } from 'vitest';
import { StateRecordsReader, type ReadStateRows } from './state-records-reader.ts';

describe('the site records as a node router reads them', () => {
	it('takes every row read, drops a row removed, and keeps the last ones while the database does not answer', async () => {
		const reads: Array<Awaited<ReturnType<ReadStateRows>> | Error> = [
			[
				{ id: 'p1', record: { subdomain: 'one' } },
				{ id: 'p2', record: { subdomain: 'two' } },
			],
			new Error('connect ECONNREFUSED 10.0.0.1:5432'),
			new Error('connect ECONNREFUSED 10.0.0.1:5432'),
			[{ id: 'p2', record: { subdomain: 'two' } }],
			[{ id: 'p2', record: { subdomain: 'two' } }],
		];
		const lines: string[] = [];
		let changes = 0;
		const reader = new StateRecordsReader(
			async () => {
				const next = reads.shift()!;
				if (next instanceof Error) throw next;
				return next;
			},
			(line) => lines.push(line),
		);
		reader.onChange(() => changes++);

		expect(await reader.refresh()).toBe(true);
		expect(reader.all().map((record) => [record.id, record.subdomain])).toEqual([
			['p1', 'one'],
			['p2', 'two'],
		]);
		expect(await reader.refresh()).toBe(false);
		expect(await reader.refresh()).toBe(false);
		expect(reader.get('p1')?.subdomain).toBe('one');
		expect(await reader.refresh()).toBe(true);
		expect(reader.get('p1')).toBeUndefined();
		// Read again, unchanged: the listeners are not told.
		expect(await reader.refresh()).toBe(true);
		expect(changes).toBe(2);
		expect(lines).toEqual(['cannot read the site records (routing on the last ones read): connect ECONNREFUSED 10.0.0.1:5432', 'reading the site records again']);
	});

	it('reads once more after a read under way when asked meanwhile, and no more', async () => {
		let reads = 0;
		let release: () => void = () => {};
		const reader = new StateRecordsReader(
			async () => {
				reads += 1;
				if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
				return [{ id: 'p1', record: { subdomain: `read-${reads}` } }];
			},
			() => {},
		);
		const first = reader.refresh();
		// Two writes notified while the first read is under way: one more read covers both.
		const second = reader.refresh();
		const third = reader.refresh();
		release();
		expect(await Promise.all([first, second, third])).toEqual([true, true, true]);
		await vi.waitUntil(() => reader.get('p1')?.subdomain === 'read-2');
		expect(reads).toBe(2);
	});
});
