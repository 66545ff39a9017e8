import { appendFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLogChunk } from './log-reader.ts';

const dirs: string[] = [];
const folder = () => {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'log-reader-'));
	dirs.push(dir);
	return dir;
};
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readLogChunk', () => {
	it('reads the last whole lines, then what was appended after them, never a half-written line', () => {
		const file = path.join(folder(), 'directus.log');
		writeFileSync(file, 'one\ntwo\nthr');
		const first = readLogChunk(file, null, 1024);
		expect(first).toEqual({ lines: ['one', 'two'], offset: 8 });
		appendFileSync(file, 'ee\nfour\n');
		expect(readLogChunk(file, first.offset, 1024)).toEqual({ lines: ['three', 'four'], offset: 19 });
		expect(readLogChunk(file, 19, 1024)).toEqual({ lines: [], offset: 19 });
	});

	it('starts the tail at a whole line, and reads a rotated log from its start', () => {
		const file = path.join(folder(), 'directus.log');
		writeFileSync(file, 'aaaa\nbbbb\ncccc\n');
		expect(readLogChunk(file, null, 8).lines).toEqual(['cccc']);
		writeFileSync(file, 'new\n');
		expect(readLogChunk(file, 15, 1024)).toEqual({ lines: ['new'], offset: 4 });
	});

	it('moves past a line longer than a whole chunk, shown cut', () => {
		const file = path.join(folder(), 'directus.log');
		writeFileSync(file, `${'x'.repeat(20)}\nnext\n`);
		const cut = readLogChunk(file, 0, 8);
		expect(cut).toEqual({ lines: ['xxxxxxxx…'], offset: 8 });
		const after = readLogChunk(file, readLogChunk(file, cut.offset, 8).offset, 8);
		expect(after.offset).toBeGreaterThan(16);
		expect(readLogChunk(file, 21, 8)).toEqual({ lines: ['next'], offset: 26 });
	});

	it('reads nothing through a link the site planted, and nothing from a missing log', () => {
		const dir = folder();
		writeFileSync(path.join(dir, 'state.json'), 'SECRET\n');
		symlinkSync(path.join(dir, 'state.json'), path.join(dir, 'directus.log'));
		expect(readLogChunk(path.join(dir, 'directus.log'), null, 1024)).toEqual({ lines: [], offset: 0 });
		expect(readLogChunk(path.join(dir, 'absent.log'), null, 1024)).toEqual({ lines: [], offset: 0 });
	});
});
