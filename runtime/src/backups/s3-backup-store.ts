/**
 * Backups in an S3-compatible bucket: `<prefix><projectId>/<backupId>.tar.gz` with its summary in
 * `<backupId>.json` beside it, the same layout as the local folder. Ids are checked against their
 * strict shape before they become keys, and a project's prefix holds only its own backups.
 * Archives go up part by part and come down as streams: none is ever held in memory whole.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, paginateListObjectsV2, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { backupId as backupIdSchema, projectId as projectIdSchema, type BackupSummary } from '@epic/runtime-contract';
import { newestFirst, type BackupStore, type StoredArchive } from './backup-store.ts';
import { s3ErrorCode, s3Failure } from './s3-failure.ts';
import { MIN_PART_BYTES, uploadFile } from './s3-file-upload.ts';

export interface S3BackupStoreOptions {
	client: S3Client;
	bucket: string;
	/** Put before every key: empty, or ending in `/`. */
	prefix: string;
	/** The local folder for dumps and archives being built. */
	workDir: string;
	/** Bytes per uploaded part; 8 MiB unless a test wants smaller ones (S3's minimum is 5 MiB). */
	partBytes?: number;
}

const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

export class S3BackupStore implements BackupStore {
	readonly #client: S3Client;
	readonly #bucket: string;
	readonly #prefix: string;
	readonly #partBytes: number;
	readonly workDir: string;

	constructor(options: S3BackupStoreOptions) {
		if (options.prefix && !options.prefix.endsWith('/')) throw new Error(`An S3 key prefix ends in "/": "${options.prefix}"`);
		if ((options.partBytes ?? DEFAULT_PART_BYTES) < MIN_PART_BYTES) throw new Error(`S3 upload parts have at least ${MIN_PART_BYTES} bytes`);
		this.#client = options.client;
		this.#bucket = options.bucket;
		this.#prefix = options.prefix;
		this.#partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
		this.workDir = options.workDir;
	}

	/** Throws on anything but a valid project id: nothing else becomes a key. */
	#folder(projectId: string): string {
		return `${this.#prefix}${projectIdSchema.parse(projectId)}/`;
	}

	#keys(projectId: string, backupId: string): { archive: string; summary: string } {
		const folder = this.#folder(projectId);
		const id = backupIdSchema.parse(backupId);
		return { archive: `${folder}${id}.tar.gz`, summary: `${folder}${id}.json` };
	}

	/** Runs one request; S3's answer `NoSuchKey` becomes null, any other failure a clear error. */
	async #send<T>(doing: string, request: () => Promise<T>): Promise<T | null> {
		try {
			return await request();
		} catch (error) {
			if (s3ErrorCode(error) === 'NoSuchKey') return null;
			throw s3Failure(error, this.#bucket, doing);
		}
	}

	/** Resolves when the bucket answers with these credentials; a clear error otherwise. */
	async checkBucket(): Promise<void> {
		await this.#send('checking the bucket', () => this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket })));
	}

	async put(summary: BackupSummary, archiveFile: string): Promise<void> {
		const keys = this.#keys(summary.projectId, summary.id);
		await this.#send(`storing ${keys.archive}`, () =>
			uploadFile(this.#client, { Bucket: this.#bucket, Key: keys.archive, ContentType: 'application/gzip' }, archiveFile, this.#partBytes),
		);
		// The summary is written last: a backup without one is unfinished and not listed.
		const body = JSON.stringify(summary);
		await this.#send(`storing ${keys.summary}`, () =>
			this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: keys.summary, Body: body, ContentType: 'application/json' })),
		);
		await rm(archiveFile, { force: true });
	}

	async list(projectId: string): Promise<BackupSummary[]> {
		const folder = this.#folder(projectId);
		const ids: string[] = [];
		await this.#send(`listing ${folder}`, async () => {
			for await (const page of paginateListObjectsV2({ client: this.#client }, { Bucket: this.#bucket, Prefix: folder })) {
				for (const object of page.Contents ?? []) {
					const name = object.Key?.slice(folder.length) ?? '';
					const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
					if (backupIdSchema.safeParse(id).success) ids.push(id);
				}
			}
		});
		const summaries = await Promise.all(ids.map((id) => this.get(projectId, id)));
		return summaries.filter((summary): summary is BackupSummary => summary !== null).sort(newestFirst);
	}

	async get(projectId: string, backupId: string): Promise<BackupSummary | null> {
		if (!backupIdSchema.safeParse(backupId).success) return null;
		const { summary: key } = this.#keys(projectId, backupId);
		const text = await this.#send(`reading ${key}`, async () => {
			const response = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
			return response.Body!.transformToString('utf8');
		});
		if (text === null) return null;
		const summary = JSON.parse(text) as BackupSummary;
		// A summary copied under another project's prefix by hand still does not resolve there.
		return summary.projectId === projectId && summary.id === backupId ? summary : null;
	}

	async open(projectId: string, backupId: string): Promise<StoredArchive | null> {
		if (!(await this.get(projectId, backupId))) return null;
		const { archive: key } = this.#keys(projectId, backupId);
		const response = await this.#send(`reading ${key}`, () => this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key })));
		if (!response) return null;
		const stream = response.Body as Readable;
		if (response.ContentLength === undefined) {
			stream.destroy();
			throw new Error(`S3 backup store: reading ${key} failed: the answer has no Content-Length`);
		}
		return { stream, size: response.ContentLength };
	}

	async copyTo(projectId: string, backupId: string, file: string): Promise<boolean> {
		const archive = await this.open(projectId, backupId);
		if (!archive) return false;
		await this.#send(`downloading ${this.#keys(projectId, backupId).archive}`, () => pipeline(archive.stream, createWriteStream(file, { mode: 0o600 })));
		return true;
	}

	async delete(projectId: string, backupId: string): Promise<void> {
		const keys = this.#keys(projectId, backupId);
		// Summary first: a crash in between leaves an unlisted archive, never a listed backup without one.
		for (const key of [keys.summary, keys.archive]) {
			await this.#send(`deleting ${key}`, () => this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key })));
		}
	}
}
