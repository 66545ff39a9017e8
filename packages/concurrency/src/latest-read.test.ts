import { describe, expect, it } from 'vitest';
import { LatestRead } from './latest-read.ts';

/** A read whose completion the test controls, recording when it started. */
function controlledReads() {
	const started: number[] = [];
	const finishers: (() => void)[] = [];
	let value = 0;
	const read = () => {
		started.push(value);
		const seen = value;
		return new Promise<number>((resolve) => finishers.push(() => resolve(seen)));
	};
	return { read, started, finish: (index: number) => finishers[index]!(), set: (next: number) => (value = next) };
}

describe('LatestRead', () => {
	it('runs one read per key at a time and lets later callers share the next one', async () => {
		const reads = controlledReads();
		const latest = new LatestRead<number>();
		const first = latest.run('a', reads.read);
		reads.set(1);
		const second = latest.run('a', reads.read);
		const third = latest.run('a', reads.read);
		expect(reads.started).toEqual([0]);
		expect(second).toBe(third);

		reads.finish(0);
		expect(await first).toBe(0);
		await Promise.resolve();
		await Promise.resolve();
		// The shared run started after the first finished, so it saw the news of its callers.
		expect(reads.started).toEqual([0, 1]);
		reads.finish(1);
		expect(await second).toBe(1);
	});

	it('keeps keys independent and starts afresh after a failure', async () => {
		const latest = new LatestRead<string>();
		const failed = latest.run('a', () => Promise.reject(new Error('boom')));
		const other = latest.run('b', async () => 'b');
		const after = latest.run('a', async () => 'a again');
		await expect(failed).rejects.toThrow('boom');
		expect(await other).toBe('b');
		expect(await after).toBe('a again');
		expect(await latest.run('a', async () => 'fresh')).toBe('fresh');
	});
});
