/**
 * Backups in a local folder: `<dir>/<projectId>/<backupId>.tar.gz` with its summary beside it in
 * `<backupId>.json`. Ids are checked against their strict shape before they become paths, and a
 * project's folder holds only its own backups.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { backupId as backupIdSchema, projectId as projectIdSchema, type BackupSummary } from '@epic/runtime-contract';
import { newestFirst, type BackupStore, type StoredArchive } from './backup-store.ts';

export class LocalBackupStore implements BackupStore {
	readonly #dir: string;
	readonly workDir: string;

	constructor(dir: string) {
		this.#dir = dir;
		this.workDir = path.join(dir, '.work');
	}

	/** Throws on anything but a valid project id and backup id: nothing else becomes a path. */
	#files(projectId: string, backupId: string): { archive: string; summary: string } {
		const folder = this.#folder(projectId);
		const id = backupIdSchema.parse(backupId);
		return { archive: path.join(folder, `${id}.tar.gz`), summary: path.join(folder, `${id}.json`) };
	}

	#folder(projectId: string): string {
		return path.join(this.#dir, projectIdSchema.parse(projectId));
	}

	async put(summary: BackupSummary, archiveFile: string): Promise<void> {
		const files = this.#files(summary.projectId, summary.id);
		await mkdir(path.dirname(files.archive), { recursive: true, mode: 0o700 });
		await rename(archiveFile, files.archive);
		// The summary is written last: a backup without one is unfinished and not listed.
		await writeFile(`${files.summary}.partial`, JSON.stringify(summary), { mode: 0o600 });
		await rename(`${files.summary}.partial`, files.summary);
	}

	async list(projectId: string): Promise<BackupSummary[]> {
		let names: string[];
		try {
			names = await readdir(this.#folder(projectId));
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
			throw error;
		}
		const summaries: BackupSummary[] = [];
		for (const name of names) {
			const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
			if (!backupIdSchema.safeParse(id).success) continue;
			const summary = await this.get(projectId, id);
			if (summary) summaries.push(summary);
		}
		return summaries.sort(newestFirst);
	}

	async get(projectId: string, backupId: string): Promise<BackupSummary | null> {
		if (!backupIdSchema.safeParse(backupId).success) return null;
		const files = this.#files(projectId, backupId);
		try {
			const summary = JSON.parse(await readFile(files.summary, 'utf8')) as BackupSummary;
			// A summary copied into another project's folder by hand still does not resolve there.
			return summary.projectId === projectId && summary.id === backupId ? summary : null;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
			throw error;
		}
	}

	async open(projectId: string, backupId: string): Promise<StoredArchive | null> {
		if (!(await this.get(projectId, backupId))) return null;
		const { archive } = this.#files(projectId, backupId);
		const size = (await stat(archive)).size;
		return { stream: createReadStream(archive), size };
	}

	async copyTo(projectId: string, backupId: string, file: string): Promise<boolean> {
		if (!(await this.get(projectId, backupId))) return false;
		await copyFile(this.#files(projectId, backupId).archive, file);
		return true;
	}

	async delete(projectId: string, backupId: string): Promise<void> {
		const files = this.#files(projectId, backupId);
		// Summary first: a crash in between leaves an unlisted archive, never a listed backup without one.
		await rm(files.summary, { force: true });
		await rm(files.archive, { force: true });
	}
}
