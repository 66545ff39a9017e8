import { closeSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendNoFollow, openForAppendNoFollow, openRegularFileInside, readTextNoFollow, sizeNoFollow } from './no-follow.ts';

let dir: string;
let site: string;
let secret: string;

beforeEach(() => {
	dir = mkdtempSync(path.join(os.tmpdir(), 'epic-no-follow-'));
	site = path.join(dir, 'site');
	mkdirSync(path.join(site, 'uploads', 'sub'), { recursive: true });
	secret = path.join(dir, 'state.json');
	writeFileSync(secret, '{"SECRET":"runtime-only"}');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('opening a site-writable file for appending', () => {
	it("replaces a planted link with a file of its own and leaves the link's target untouched", () => {
		const log = path.join(site, 'directus.log');
		symlinkSync(secret, log);
		const fd = openForAppendNoFollow(log);
		writeSync(fd, 'site output\n');
		closeSync(fd);
		expect(readFileSync(secret, 'utf8')).toBe('{"SECRET":"runtime-only"}');
		expect(lstatSync(log).isSymbolicLink()).toBe(false);
		expect(readFileSync(log, 'utf8')).toBe('site output\n');
		appendNoFollow(log, 'more\n');
		expect(readFileSync(log, 'utf8')).toBe('site output\nmore\n');
	});

	it('measures and reads nothing through a link', () => {
		const log = path.join(site, 'directus.log');
		symlinkSync(secret, log);
		expect(sizeNoFollow(log)).toBe(0);
		expect(readTextNoFollow(log)).toBeNull();
		expect(readTextNoFollow(secret)).toBe('{"SECRET":"runtime-only"}');
	});
});

describe('openRegularFileInside', () => {
	it('opens a regular file of the folder', async () => {
		writeFileSync(path.join(site, 'uploads', 'sub', 'a.txt'), 'upload');
		const handle = await openRegularFileInside(path.join(site, 'uploads'), 'sub/a.txt');
		expect(handle).not.toBeNull();
		expect((await handle!.readFile()).toString()).toBe('upload');
		await handle!.close();
	});

	it('refuses a file swapped for a link, a folder on the way swapped for a link, and a FIFO', async () => {
		const uploads = path.join(site, 'uploads');
		symlinkSync(secret, path.join(uploads, 'swapped.txt'));
		expect(await openRegularFileInside(uploads, 'swapped.txt')).toBeNull();

		rmSync(path.join(uploads, 'sub'), { recursive: true });
		symlinkSync(dir, path.join(uploads, 'sub'));
		expect(await openRegularFileInside(uploads, 'sub/state.json')).toBeNull();

		execFileSync('mkfifo', [path.join(uploads, 'pipe')]);
		expect(await openRegularFileInside(uploads, 'pipe')).toBeNull();
		expect(await openRegularFileInside(uploads, 'gone.txt')).toBeNull();
	});
});
