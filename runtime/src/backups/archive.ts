/**
 * A backup archive on disk: a gzipped tar of `manifest.json` (first, so a reader finds it at once),
 * the database dump and `uploads/`. Extraction takes plain files and folders only, inside the
 * target folder (node-tar refuses absolute paths and `..`), and fails on any damage. Both run in a
 * worker thread (archive-worker.ts says why).
 */
import { Worker } from 'node:worker_threads';
import type { ArchiveOutcome, ArchiveTask } from './archive-worker.ts';

const WORKER_FILE = new URL('./archive-worker.ts', import.meta.url);

function inWorker(task: ArchiveTask): Promise<ArchiveOutcome> {
	return new Promise((resolve, reject) => {
		const worker = new Worker(WORKER_FILE, { workerData: task });
		let outcome: ArchiveOutcome | null = null;
		worker.once('message', (message: ArchiveOutcome) => (outcome = message));
		worker.once('error', reject);
		worker.once('exit', (code) => (outcome ? resolve(outcome) : reject(new Error(`The archive worker stopped with code ${code} before it answered`))));
	});
}

export async function writeArchive(stagingDir: string, entries: string[], file: string): Promise<void> {
	const outcome = await inWorker({ kind: 'create', stagingDir, entries, file });
	if (!outcome.ok) throw new Error(`The archive could not be written: ${outcome.message}`);
}

export class DamagedArchiveError extends Error {}

export async function extractArchive(file: string, targetDir: string): Promise<void> {
	const outcome = await inWorker({ kind: 'extract', file, targetDir });
	if (!outcome.ok) throw new DamagedArchiveError(`The archive cannot be read: ${outcome.message}`);
	if (outcome.unexpected.length) throw new DamagedArchiveError(`The archive holds entries that are not plain files: ${outcome.unexpected.slice(0, 3).join(', ')}`);
}
