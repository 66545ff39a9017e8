import { describe, expect, it } from 'vitest';
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
		expect(changes).toBe(2);
		expect(lines).toEqual(['cannot read the site records (routing on the last ones read): connect ECONNREFUSED 10.0.0.1:5432', 'reading the site records again']);
	});
});
