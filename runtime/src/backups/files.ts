/** The files of a folder and their SHA-256, as a backup's manifest lists them. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export async function sha256OfFile(file: string): Promise<string> {
	const hash = createHash('sha256');
	await pipeline(createReadStream(file), hash);
	return hash.digest('hex');
}

/**
 * Paths (relative, `/`-separated, sorted) of the regular files under `dir`; an absent folder has
 * none. Symbolic links and other special files are left out: a site's uploads are plain files,
 * and a link would let an archive reach outside the folder it is restored into.
 */
export async function regularFilesUnder(dir: string): Promise<string[]> {
	const found: string[] = [];
	async function walk(relative: string): Promise<void> {
		let entries;
		try {
			entries = await readdir(path.join(dir, relative), { withFileTypes: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT' && relative === '') return;
			throw error;
		}
		for (const entry of entries) {
			const child = relative ? `${relative}/${entry.name}` : entry.name;
			if (entry.isDirectory()) await walk(child);
			else if (entry.isFile()) found.push(child);
		}
	}
	await walk('');
	return found.sort();
}

export async function fileBytes(file: string): Promise<number> {
	return (await stat(file)).size;
}
