/**
 * Opens an archive for a restore and proves it is whole and this project's before anything of
 * the site is touched: the manifest parses, names this project and the site's kind of database,
 * and every file it lists is there with its size and SHA-256, and nothing else is.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { backupManifest, type BackupManifest } from '@epic/runtime-contract';
import type { InstanceRecord } from '../state/instance-record.ts';
import { extractArchive } from './archive.ts';
import { fileBytes, regularFilesUnder, sha256OfFile } from './files.ts';

export class InvalidArchiveError extends Error {}

async function readManifest(dir: string): Promise<BackupManifest> {
	let text: string;
	try {
		text = await readFile(path.join(dir, 'manifest.json'), 'utf8');
	} catch {
		throw new InvalidArchiveError('The archive has no manifest.json');
	}
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		throw new InvalidArchiveError('The archive’s manifest.json is not valid JSON');
	}
	const parsed = backupManifest.safeParse(json);
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`).join('; ');
		throw new InvalidArchiveError(`The archive’s manifest is not valid: ${problems}`);
	}
	return parsed.data;
}

async function checkFile(file: string, bytes: number, sha256: string, name: string): Promise<void> {
	let actualBytes: number;
	try {
		actualBytes = await fileBytes(file);
	} catch {
		throw new InvalidArchiveError(`The archive lacks ${name}, which its manifest lists`);
	}
	if (actualBytes !== bytes || (await sha256OfFile(file)) !== sha256) throw new InvalidArchiveError(`${name} in the archive does not match its checksum`);
}

/**
 * `dir` is where the archive was extracted (see extractArchive). `ofProject` is the project the
 * archive must name: the site's own, or for a copy the project it is copied from.
 */
export async function verifyExtractedArchive(dir: string, record: InstanceRecord, ofProject: string = record.id): Promise<BackupManifest> {
	const manifest = await readManifest(dir);
	if (manifest.projectId !== ofProject) throw new InvalidArchiveError(`The archive belongs to project ${manifest.projectId}, not ${ofProject}`);
	if (manifest.database.kind !== record.storage.client) {
		throw new InvalidArchiveError(`The archive holds a ${manifest.database.kind} database; this site uses ${record.storage.client}`);
	}
	await checkFile(path.join(dir, manifest.database.file), manifest.database.bytes, manifest.database.sha256, manifest.database.file);
	const listed = new Set(manifest.uploads.map((upload) => upload.path));
	const present = await regularFilesUnder(path.join(dir, 'uploads'));
	const extra = present.filter((file) => !listed.has(file));
	if (extra.length) throw new InvalidArchiveError(`The archive holds uploads its manifest does not list: ${extra.slice(0, 3).join(', ')}`);
	for (const upload of manifest.uploads) await checkFile(path.join(dir, 'uploads', upload.path), upload.bytes, upload.sha256, `uploads/${upload.path}`);
	return manifest;
}

/** Extracts `archive` into `dir` and verifies it; a damaged archive is an InvalidArchiveError too. */
export async function openArchive(archive: string, dir: string, record: InstanceRecord, ofProject: string = record.id): Promise<BackupManifest> {
	try {
		await extractArchive(archive, dir);
	} catch (error) {
		throw new InvalidArchiveError((error as Error).message);
	}
	return verifyExtractedArchive(dir, record, ofProject);
}
