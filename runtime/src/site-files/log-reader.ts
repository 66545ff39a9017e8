/**
 * Reads a site's log (`directus.log`, in the folder the site can write) for its owner: from a byte
 * offset the reader already has, or its last part. Never through a link the site planted (the
 * runtime is root), and never more than a bounded chunk per read, however large the log grew.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export interface LogChunk {
	/** Whole lines only: a line still being written is read next time. */
	lines: string[];
	/** Where the next read starts: the byte after the last whole line. */
	offset: number;
}

/**
 * `after`: the offset of a previous chunk, or null for the last `maxBytes` of the log. A log that
 * was rotated (smaller than `after`) is read from its start. An absent log has no lines.
 */
export function readLogChunk(file: string, after: number | null, maxBytes: number): LogChunk {
	let fd: number;
	try {
		fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
	} catch {
		return { lines: [], offset: 0 };
	}
	try {
		const stats = fstatSync(fd);
		if (!stats.isFile()) return { lines: [], offset: 0 };
		const from = after === null ? Math.max(0, stats.size - maxBytes) : after > stats.size ? 0 : after;
		const length = Math.min(maxBytes, stats.size - from);
		const buffer = Buffer.alloc(length);
		const read = length > 0 ? readSync(fd, buffer, 0, length, from) : 0;
		const text = buffer.subarray(0, read).toString('utf8');
		const lastNewline = text.lastIndexOf('\n');
		// One line longer than a whole chunk: shown cut, so the reader moves past it instead of stopping there.
		if (lastNewline < 0 && read === maxBytes) return { lines: [`${text}…`], offset: from + read };
		if (lastNewline < 0) return { lines: [], offset: from };
		let whole = text.slice(0, lastNewline);
		// Started in the middle of the log: the first line is only the end of one.
		if (after === null && from > 0) whole = whole.slice(whole.indexOf('\n') + 1);
		return { lines: whole === '' ? [] : whole.split('\n'), offset: from + Buffer.byteLength(text.slice(0, lastNewline + 1)) };
	} finally {
		closeSync(fd);
	}
}
