/**
 * Runs node-tar in a worker thread. node-tar compresses and decompresses with synchronous zlib
 * calls, and the runtime's event loop also routes every site's requests: on the main thread a
 * 100 MB archive stalled the router for up to a quarter of a second at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as tar from 'tar';

export type ArchiveTask = { kind: 'create'; stagingDir: string; entries: string[]; file: string } | { kind: 'extract'; file: string; targetDir: string };

export type ArchiveOutcome = { ok: true; unexpected: string[] } | { ok: false; message: string };

async function run(task: ArchiveTask): Promise<string[]> {
	if (task.kind === 'create') {
		await tar.create({ gzip: true, file: task.file, cwd: task.stagingDir, portable: true, strict: true }, task.entries);
		return [];
	}
	const unexpected: string[] = [];
	await tar.extract({
		file: task.file,
		cwd: task.targetDir,
		strict: true,
		preservePaths: false,
		filter: (entryPath, entry) => {
			const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
			if (type === 'File' || type === 'OldFile' || type === 'Directory') return true;
			unexpected.push(entryPath);
			return false;
		},
	});
	return unexpected;
}

run(workerData as ArchiveTask).then(
	(unexpected) => parentPort?.postMessage({ ok: true, unexpected } satisfies ArchiveOutcome),
	(error: unknown) => parentPort?.postMessage({ ok: false, message: (error as Error).message } satisfies ArchiveOutcome),
);
