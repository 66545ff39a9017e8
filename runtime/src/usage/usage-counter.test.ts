import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileUsageStore } from './file-usage-store.ts';
import { UsageCounter } from './usage-counter.ts';

let dataDir: string;

beforeEach(() => {
	dataDir = mkdtempSync(path.join(os.tmpdir(), 'usage-counter-'));
	vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
	vi.useRealTimers();
	rmSync(dataDir, { recursive: true, force: true });
});

const onDisk = () => JSON.parse(readFileSync(path.join(dataDir, 'usage.json'), 'utf8')) as Record<string, Record<string, number>>;
const day = new Date('2030-01-02T03:04:05Z');

describe('UsageCounter', () => {
	it('keeps counts through a failed write, writes them at the next flush, and its timer never throws', async () => {
		const logs: string[] = [];
		const flushed: number[] = [];
		const usage = new UsageCounter(
			new FileUsageStore(dataDir),
			(message) => logs.push(message),
			(requests) => flushed.push(requests),
		);
		usage.count('p-1', day);
		usage.count('p-1', day);
		// A folder where the temporary file goes: the write fails with EISDIR.
		const blocker = path.join(dataDir, 'usage.json.tmp');
		mkdirSync(blocker);

		await vi.advanceTimersByTimeAsync(5000);
		expect(logs).toEqual([expect.stringMatching(/could not write the usage counts.*EISDIR/)]);
		expect(flushed).toEqual([]);
		// Read all the same: what the store holds (nothing yet) and the counts waiting for it.
		expect(await usage.read('2030-01-01')).toEqual([{ projectId: 'p-1', day: '2030-01-02', requests: 2 }]);
		expect(logs).toHaveLength(2);

		rmSync(blocker, { recursive: true });
		usage.count('p-1', day);
		await vi.advanceTimersByTimeAsync(5000);
		expect(onDisk()).toEqual({ 'p-1': { '2030-01-02': 3 } });
		expect(flushed).toEqual([3]);
		await usage.close();
	});

	it('reads the counts not yet written, and adds to what an earlier runtime wrote', async () => {
		const first = new UsageCounter(new FileUsageStore(dataDir), () => {});
		first.count('p-1', day);
		await first.close();
		const usage = new UsageCounter(new FileUsageStore(dataDir), () => {});
		usage.count('p-1', day);
		usage.count('p-2', new Date('2030-01-03T00:00:00Z'));
		expect(await usage.read('2030-01-01')).toEqual([
			{ projectId: 'p-1', day: '2030-01-02', requests: 2 },
			{ projectId: 'p-2', day: '2030-01-03', requests: 1 },
		]);
		expect(await usage.read('2030-01-03')).toEqual([{ projectId: 'p-2', day: '2030-01-03', requests: 1 }]);
		expect(await usage.read('2030-01-01', 'p-1')).toEqual([{ projectId: 'p-1', day: '2030-01-02', requests: 2 }]);
		await usage.forget('p-1');
		expect(await usage.read('2030-01-01')).toEqual([{ projectId: 'p-2', day: '2030-01-03', requests: 1 }]);
		expect(onDisk()).toEqual({ 'p-2': { '2030-01-03': 1 } });
		await usage.close();
	});

	it('does not throw out of close when the last write fails', async () => {
		const logs: string[] = [];
		const usage = new UsageCounter(new FileUsageStore(dataDir), (message) => logs.push(message));
		usage.count('p-1');
		mkdirSync(path.join(dataDir, 'usage.json.tmp'));
		await expect(usage.close()).resolves.toBeUndefined();
		expect(logs).toHaveLength(1);
	});
});
