/** Bytes a folder takes, counted file by file (uploads, SQLite file, logs). */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export async function folderBytes(dir: string): Promise<number> {
	let total = 0;
	let entries;
	try {
		entries = await readdir(dir, { withFileTypes: true });
	} catch {
		return 0;
	}
	for (const entry of entries) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) total += await folderBytes(full);
		else if (entry.isFile()) total += (await stat(full)).size;
	}
	return total;
}
