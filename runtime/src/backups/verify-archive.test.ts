import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as tar from 'tar';
import { BACKUP_FORMAT, type BackupManifest } from '@epic/runtime-contract';
import { projectRecordFixture } from '../state/project-record.fixture.ts';
import { sha256OfFile } from './files.ts';
import { openArchive, verifyExtractedArchive } from './verify-archive.ts';

let dir: string;
const record = projectRecordFixture('p-1', '/nowhere');

async function writeValidArchiveFiles(): Promise<BackupManifest> {
	writeFileSync(path.join(dir, 'database.sqlite'), 'database bytes');
	mkdirSync(path.join(dir, 'uploads', 'sub'), { recursive: true });
	writeFileSync(path.join(dir, 'uploads', 'sub', 'a.txt'), 'upload a');
	const manifest: BackupManifest = {
		format: BACKUP_FORMAT,
		id: '20260131T120000000Z-0a1b2c3d',
		projectId: 'p-1',
		kind: 'manual',
		createdAt: '2026-01-31T12:00:00.000Z',
		directusVersion: '12.4.0',
		database: { kind: 'sqlite3', file: 'database.sqlite', bytes: 14, sha256: await sha256OfFile(path.join(dir, 'database.sqlite')) },
		uploads: [{ path: 'sub/a.txt', bytes: 8, sha256: await sha256OfFile(path.join(dir, 'uploads', 'sub', 'a.txt')) }],
		size: 22,
	};
	writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
	return manifest;
}

beforeEach(() => {
	dir = mkdtempSync(path.join(os.tmpdir(), 'epic-verify-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('verifyExtractedArchive', () => {
	it('accepts a whole archive of this project', async () => {
		const manifest = await writeValidArchiveFiles();
		await expect(verifyExtractedArchive(dir, record)).resolves.toEqual(manifest);
	});

	it('refuses another project’s archive', async () => {
		await writeValidArchiveFiles();
		await expect(verifyExtractedArchive(dir, { ...record, id: 'p-2' })).rejects.toThrow('The archive belongs to project p-1, not p-2');
	});

	it('accepts, for a copy, the archive of the project it is copied from, and no other', async () => {
		const manifest = await writeValidArchiveFiles();
		await expect(verifyExtractedArchive(dir, { ...record, id: 'p-2' }, 'p-1')).resolves.toEqual(manifest);
		await expect(verifyExtractedArchive(dir, { ...record, id: 'p-2' }, 'p-3')).rejects.toThrow('The archive belongs to project p-1, not p-3');
	});

	it('refuses a changed upload, a missing one and an unlisted one', async () => {
		await writeValidArchiveFiles();
		writeFileSync(path.join(dir, 'uploads', 'sub', 'a.txt'), 'upload b');
		await expect(verifyExtractedArchive(dir, record)).rejects.toThrow('uploads/sub/a.txt in the archive does not match its checksum');
		rmSync(path.join(dir, 'uploads', 'sub', 'a.txt'));
		await expect(verifyExtractedArchive(dir, record)).rejects.toThrow('The archive lacks uploads/sub/a.txt');
		await writeValidArchiveFiles();
		writeFileSync(path.join(dir, 'uploads', 'extra.txt'), 'smuggled');
		await expect(verifyExtractedArchive(dir, record)).rejects.toThrow('uploads its manifest does not list: extra.txt');
	});

	it('refuses a changed database, a missing manifest and an invalid one', async () => {
		await writeValidArchiveFiles();
		writeFileSync(path.join(dir, 'database.sqlite'), 'database bytez');
		await expect(verifyExtractedArchive(dir, record)).rejects.toThrow('database.sqlite in the archive does not match its checksum');
		writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ format: BACKUP_FORMAT, projectId: 'p-1' }));
		await expect(verifyExtractedArchive(dir, record)).rejects.toThrow(/manifest is not valid: id: /);
		rmSync(path.join(dir, 'manifest.json'));
		await expect(verifyExtractedArchive(dir, record)).rejects.toThrow('The archive has no manifest.json');
	});
});

describe('openArchive', () => {
	it('refuses an archive holding a symbolic link', async () => {
		const source = path.join(dir, 'source');
		mkdirSync(path.join(source, 'uploads'), { recursive: true });
		symlinkSync('/etc/passwd', path.join(source, 'uploads', 'link'));
		await tar.create({ gzip: true, file: path.join(dir, 'a.tar.gz'), cwd: source }, ['uploads']);
		const target = path.join(dir, 'target');
		mkdirSync(target);
		await expect(openArchive(path.join(dir, 'a.tar.gz'), target, record)).rejects.toThrow('entries that are not plain files: uploads/link');
	});
});
