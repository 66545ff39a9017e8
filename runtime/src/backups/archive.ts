/**
 * A backup archive on disk: a gzipped tar of `manifest.json` (first, so a reader finds it at once),
 * the database dump and `uploads/`. Extraction takes plain files and folders only, inside the
 * target folder (node-tar refuses absolute paths and `..`), and fails on any damage.
 */
import * as tar from 'tar';

export async function writeArchive(stagingDir: string, entries: string[], file: string): Promise<void> {
	await tar.create({ gzip: true, file, cwd: stagingDir, portable: true, strict: true }, entries);
}

export class DamagedArchiveError extends Error {}

export async function extractArchive(file: string, targetDir: string): Promise<void> {
	const unexpected: string[] = [];
	try {
		await tar.extract({
			file,
			cwd: targetDir,
			strict: true,
			preservePaths: false,
			filter: (entryPath, entry) => {
				const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
				if (type === 'File' || type === 'OldFile' || type === 'Directory') return true;
				unexpected.push(entryPath);
				return false;
			},
		});
	} catch (error) {
		throw new DamagedArchiveError(`The archive cannot be read: ${(error as Error).message}`);
	}
	if (unexpected.length) throw new DamagedArchiveError(`The archive holds entries that are not plain files: ${unexpected.slice(0, 3).join(', ')}`);
}
