import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAILURE_MEMORY_MS, failureFile, rememberFailure, rememberedFailure } from './checkpoint-tools-failure.ts';

const folders: string[] = [];
const cacheDir = () => {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'checkpoint-tools-'));
	folders.push(folder);
	return folder;
};
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('remembered checkpoint-tool failures', () => {
	const at = Date.UTC(2026, 10, 23, 8, 0, 0);

	it('returns the reason for a day, naming the file that retries when deleted', () => {
		const dir = cacheDir();
		rememberFailure(dir, 'make criu failed', at);
		const remembered = rememberedFailure(dir, at + FAILURE_MEMORY_MS - 1);
		expect(remembered).toBe(`make criu failed (remembered from 2026-11-23T08:00:00.000Z; delete ${failureFile(dir)} to try again)`);
	});

	it('forgets it after a day, or when the clock is before it', () => {
		const dir = cacheDir();
		rememberFailure(dir, 'make criu failed', at);
		expect(rememberedFailure(dir, at + FAILURE_MEMORY_MS)).toBeNull();
		expect(rememberedFailure(dir, at - 1)).toBeNull();
	});

	it('reads nothing from a missing or unreadable file', () => {
		const dir = cacheDir();
		expect(rememberedFailure(dir, at)).toBeNull();
		writeFileSync(failureFile(dir), '{not json');
		expect(rememberedFailure(dir, at)).toBeNull();
	});
});
