/**
 * One process at a time across the test run's processes (vitest's workers and its main process):
 * making a directory either succeeds or fails atomically. A lock older than `staleAfterMs` belongs
 * to a process that died holding it, and is taken over.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export async function withDirectoryLock<T>(lockDir: string, work: () => Promise<T>, staleAfterMs = 180_000): Promise<T> {
	for (;;) {
		try {
			mkdirSync(lockDir);
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			if (isOlderThan(lockDir, staleAfterMs)) rmSync(lockDir, { recursive: true, force: true });
			else await sleep(200);
		}
	}
	try {
		return await work();
	} finally {
		rmSync(lockDir, { recursive: true, force: true });
	}
}

function isOlderThan(dir: string, ms: number): boolean {
	try {
		return Date.now() - statSync(dir).mtimeMs > ms;
	} catch {
		return false;
	}
}
