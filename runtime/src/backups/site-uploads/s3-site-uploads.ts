/**
 * A swarm site's uploads: the objects under its own prefix of the sites' bucket
 * (swarm/swarm-site-env.ts), read and written with the bucket's own credentials, which the runtime
 * holds and no site does. A backup downloads each object into the archive's `uploads/`; a restore
 * uploads the archive's files, then deletes every other object of the prefix, while the site is
 * stopped. The storage quota counts the prefix's objects.
 */
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import type { BackupManifest } from '@epic/runtime-contract';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { SwarmSiteStorage } from '../../config.ts';
import type { InstanceRecord } from '../../state/instance-record.ts';
import { instanceIdOfDir, siteUploadsPrefix } from '../../swarm/swarm-site-env.ts';
import { regularFilesUnder } from '../files.ts';
import { MIN_PART_BYTES, uploadFile } from '../s3-file-upload.ts';
import { writeHashedCopy } from './hashed-copy.ts';
import type { SiteUploads } from './site-uploads.ts';

/**
 * The key's path below the prefix when it can be a file's path in an archive: segments that are
 * neither empty nor `.` or `..`. A site writes its prefix's keys as it likes; a key like
 * `a/../../x` must not become a path outside the archive's folder.
 */
export function archivePathOfKey(key: string, prefix: string): string | null {
	if (!key.startsWith(prefix)) return null;
	const relative = key.slice(prefix.length);
	const segments = relative.split('/');
	if (!relative || segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\0'))) return null;
	return relative;
}

export function s3SiteUploads(client: S3Client, storage: SwarmSiteStorage, log: (message: string) => void): SiteUploads {
	const { bucket } = storage.s3;
	const prefixOf = (record: InstanceRecord) => siteUploadsPrefix(storage, instanceIdOfDir(record.dir));
	const failed = (doing: string, error: unknown) =>
		new Error(`site uploads in S3 bucket ${bucket}: ${doing} failed: ${(error as Error).name}: ${(error as Error).message}`, { cause: error });

	async function objectsOf(prefix: string): Promise<Array<{ key: string; bytes: number }>> {
		const objects: Array<{ key: string; bytes: number }> = [];
		try {
			for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
				for (const object of page.Contents ?? []) if (object.Key) objects.push({ key: object.Key, bytes: object.Size ?? 0 });
			}
		} catch (error) {
			throw failed(`listing ${prefix}`, error);
		}
		return objects;
	}
	const keysOf = async (prefix: string) => (await objectsOf(prefix)).map((object) => object.key);

	return {
		async bytesOutsideFolder(record) {
			return (await objectsOf(prefixOf(record))).reduce((total, object) => total + object.bytes, 0);
		},

		async copyOut(record, target) {
			const prefix = prefixOf(record);
			const uploads: BackupManifest['uploads'] = [];
			for (const key of await keysOf(prefix)) {
				const relative = archivePathOfKey(key, prefix);
				if (!relative) {
					// Not one of Directus's files (it names them by id): a key no archive path can hold.
					log(`instance ${record.id}: backup leaves out the object ${JSON.stringify(key)}, which cannot be a file's path`);
					continue;
				}
				try {
					const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
					uploads.push(await writeHashedCopy(object.Body as Readable, target, relative));
				} catch (error) {
					throw failed(`copying ${key}`, error);
				}
			}
			return uploads;
		},

		async replace(record, source) {
			const prefix = prefixOf(record);
			const files = await regularFilesUnder(source);
			for (const relative of files) {
				const key = `${prefix}${relative}`;
				try {
					await uploadFile(client, { Bucket: bucket, Key: key, ContentType: 'application/octet-stream' }, path.join(source, relative), MIN_PART_BYTES);
				} catch (error) {
					throw failed(`restoring ${key}`, error);
				}
			}
			// Only once every file of the backup is in place: a failure above leaves the site's own files too.
			const kept = new Set(files.map((relative) => `${prefix}${relative}`));
			for (const key of await keysOf(prefix)) {
				if (kept.has(key)) continue;
				await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
					throw failed(`deleting ${key}`, error);
				});
			}
		},
	};
}
