/**
 * Opening files in a folder a site can write (its own folder, mounted read-write in its container)
 * without following a link the site planted there. The runtime runs as root; a site that turns
 * `directus.log` into a link to the runtime's state, or swaps an upload for one between the
 * runtime's listing and its read, must get nothing but a refusal.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { open, readlink, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

const APPEND_NO_FOLLOW = constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW;

/**
 * Opens `file` for appending, creating it if missing, never through a link: a link in its place is
 * removed (unlink removes the link, not its target) and a new file made with O_EXCL, which does
 * not follow one either. A site that keeps planting links only keeps its own log from starting.
 */
export function openForAppendNoFollow(file: string, mode = 0o600): number {
	for (let attempt = 0; attempt < 3; attempt += 1) {
		try {
			return openSync(file, APPEND_NO_FOLLOW, mode);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'ELOOP') unlinkSync(file);
			else if (code !== 'ENOENT') throw error;
		}
		try {
			return openSync(file, APPEND_NO_FOLLOW | constants.O_CREAT | constants.O_EXCL, mode);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
	}
	throw new Error(`${file} keeps being replaced while it is opened`);
}

/** A file's size without following a link; 0 when there is no file. */
export function sizeNoFollow(file: string): number {
	try {
		const stats = lstatSync(file);
		return stats.isFile() ? stats.size : 0;
	} catch {
		return 0;
	}
}

/**
 * Opens `relative` under `root` for reading only if it is a regular file that really lies inside
 * `root`: the last component is opened without following a link, and the open file's real path
 * (from /proc/self/fd) must be under `root`'s, which catches a directory on the way swapped for a
 * link. Null when it is not such a file (gone, a link, a FIFO, outside), so the caller leaves it out.
 */
export async function openRegularFileInside(root: string, relative: string): Promise<FileHandle | null> {
	const realRoot = await realpath(root);
	let handle: FileHandle;
	try {
		// O_NONBLOCK: a FIFO planted in place of a file must not hang the open.
		handle = await open(path.join(root, relative), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR' || code === 'ENXIO') return null;
		throw error;
	}
	try {
		const stats = await handle.stat();
		const opened = await readlink(`/proc/self/fd/${handle.fd}`);
		if (stats.isFile() && opened.startsWith(`${realRoot}${path.sep}`)) return handle;
	} catch (error) {
		await handle.close();
		throw error;
	}
	await handle.close();
	return null;
}

/** The text of `file` if it is a regular file, never read through a link; null otherwise. */
export function readTextNoFollow(file: string): string | null {
	let fd: number;
	try {
		fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
	} catch {
		return null;
	}
	try {
		return fstatSync(fd).isFile() ? readFileSync(fd, 'utf8') : null;
	} finally {
		closeSync(fd);
	}
}

/** Appends `text` to `file` as openForAppendNoFollow opens it. */
export function appendNoFollow(file: string, text: string): void {
	const fd = openForAppendNoFollow(file);
	try {
		writeSync(fd, text);
	} finally {
		closeSync(fd);
	}
}
