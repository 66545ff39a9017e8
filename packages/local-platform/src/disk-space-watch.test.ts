import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskSpaceMonitor } from './disk-space-watch.ts';

describe('diskSpaceMonitor', () => {
	it('says once that the disk is low, and once that it has room again', async () => {
		const lines: string[] = [];
		let free = 512 * 1024 ** 2;
		const monitor = diskSpaceMonitor({ dir: '/data', lowBytes: 1024 ** 3, log: (line) => lines.push(line), freeBytes: async () => free });
		await monitor.check();
		await monitor.check();
		expect(lines).toEqual(['Disk space is low: 0.5 GiB free for /data (warning below 1.0 GiB). Sites, uploads and backups will fail when it is full.']);
		free = 3 * 1024 ** 3;
		await monitor.check();
		await monitor.check();
		expect(lines.slice(1)).toEqual(['Disk space is back to 3.0 GiB free for /data.']);
	});

	it('reads the real free space of a folder and stays quiet while there is room', async () => {
		const lines: string[] = [];
		const dir = mkdtempSync(path.join(os.tmpdir(), 'disk-watch-'));
		await diskSpaceMonitor({ dir, lowBytes: 1, log: (line) => lines.push(line) }).check();
		expect(lines).toEqual([]);
	});

	it('reports a folder it cannot read once, without throwing', async () => {
		const lines: string[] = [];
		const monitor = diskSpaceMonitor({ dir: '/no/such/folder', log: (line) => lines.push(line) });
		await monitor.check();
		await monitor.check();
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^Could not read the free disk space of \/no\/such\/folder: ENOENT/);
	});
});
