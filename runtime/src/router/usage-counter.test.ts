import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('UsageCounter', () => {
	it('keeps counts through a failed write, writes them at the next flush, and its timer never throws', () => {
		const logs: string[] = [];
		const usage = new UsageCounter(dataDir, (message) => logs.push(message));
		const day = new Date('2030-01-02T03:04:05Z');
		usage.count('p-1', day);
		usage.count('p-1', day);
		// A folder where the temporary file goes: the write fails with EISDIR.
		const blocker = path.join(dataDir, 'usage.json.tmp');
		mkdirSync(blocker);

		expect(() => vi.advanceTimersByTime(5000)).not.toThrow();
		expect(logs).toEqual([expect.stringMatching(/could not write the usage counts.*EISDIR/)]);

		rmSync(blocker, { recursive: true });
		vi.advanceTimersByTime(5000);
		expect(onDisk()).toEqual({ 'p-1': { '2030-01-02': 2 } });
		usage.close();
	});

	it('does not throw out of close when the last write fails', () => {
		const logs: string[] = [];
		const usage = new UsageCounter(dataDir, (message) => logs.push(message));
		usage.count('p-1');
		mkdirSync(path.join(dataDir, 'usage.json.tmp'));
		expect(() => usage.close()).not.toThrow();
		expect(logs).toHaveLength(1);
	});
});
