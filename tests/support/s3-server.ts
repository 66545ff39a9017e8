/**
 * A real S3-compatible server for tests: s3rver on a free loopback port, keeping its objects in a
 * folder of its own, with one bucket made before it listens. It knows one access key, S3RVER
 * (secret S3RVER), and refuses others, but does not check SigV4 signatures. It answers unsigned
 * requests too: a test reads and writes objects by plain HTTP (path-style) without the code under test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
	endpoint: string;
	bucket: string;
	/** The URL of one object, path-style. */
	objectUrl(key: string): string;
	/** The runtime's BACKUP_S3_* variables for this server and bucket. */
	runtimeEnv(prefix: string): Record<string, string>;
	close(): Promise<void>;
}

/**
 * `bucket` needs 3 or more characters (S3's rule, which s3rver enforces). `address`: where it
 * listens, loopback unless containers on other nodes must reach it (the swarm tests).
 */
export async function startS3Server(bucket = 'epic-test-backups', address = '127.0.0.1'): Promise<TestS3Server> {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'epic-s3rver-'));
	const server = new S3rver({ port: 0, address, silent: true, directory, configureBuckets: [{ name: bucket }] });
	let listening;
	try {
		listening = await server.run();
	} catch (error) {
		rmSync(directory, { recursive: true, force: true });
		throw error;
	}
	const endpoint = `http://${address}:${listening.port}`;
	return {
		endpoint,
		bucket,
		objectUrl: (key) => `${endpoint}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
		runtimeEnv: (prefix) => ({
			BACKUP_S3_BUCKET: bucket,
			BACKUP_S3_ENDPOINT: endpoint,
			BACKUP_S3_PREFIX: prefix,
			BACKUP_S3_FORCE_PATH_STYLE: 'true',
			BACKUP_S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
			BACKUP_S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
		}),
		async close() {
			await server.close();
			rmSync(directory, { recursive: true, force: true });
		},
	};
}
