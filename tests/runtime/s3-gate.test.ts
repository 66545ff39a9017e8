/**
 * The runtime's S3 gate for swarm sites, in front of a real S3-compatible server (s3rver), used by
 * the AWS SDK's own S3 client and multipart uploader, which Directus's S3 storage driver uses: each
 * site reaches its own prefix of the bucket with its own key, and nothing else.
 */
import {
	CopyObjectCommand,
	DeleteObjectCommand,
	DeleteObjectsCommand,
	GetObjectCommand,
	ListBucketsCommand,
	ListObjectsV2Command,
	PutObjectCommand,
	S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3Gate, type S3Gate } from '../../runtime/src/swarm/s3-gate/s3-gate.ts';
import { siteS3Credentials } from '../../runtime/src/swarm/s3-gate/site-s3-credentials.ts';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server, type TestS3Server } from '../support/s3-server.ts';

const RUNTIME_SECRET = 'a-runtime-secret-for-the-gate-test';
/** The secret before a rotation (RUNTIME_SECRET_PREVIOUS): sites created under it keep their keys until created again. */
const PREVIOUS_SECRET = 'the-runtime-secret-before-the-rotation';
let s3: TestS3Server;
let gate: S3Gate;

/** A gate of the bucket on `port` (0: any free one), as the runtime and the site gate start theirs. */
function startGate(port: number): Promise<S3Gate> {
	return startS3Gate({
		host: '127.0.0.1',
		port,
		storage: {
			bucket: s3.bucket,
			endpoint: s3.endpoint,
			region: 'us-east-1',
			prefix: 'sites/',
			forcePathStyle: true,
			accessKeyId: S3_ACCESS_KEY_ID,
			secretAccessKey: S3_SECRET_ACCESS_KEY,
		},
		secretsOf: (id) => [RUNTIME_SECRET, PREVIOUS_SECRET].map((secret) => siteS3Credentials(secret, id).secretAccessKey),
		prefixOf: (id) => `sites/${id}/`,
		log: () => undefined,
	});
}

beforeAll(async () => {
	s3 = await startS3Server('epic-gate-sites');
	gate = await startGate(0);
});

afterAll(async () => {
	await gate?.close();
	await s3?.close();
});

/** A site's S3 client as Directus's driver makes it: the gate as endpoint, path-style, checksums only where required. */
function siteClient(credentials: { accessKeyId: string; secretAccessKey: string }): S3Client {
	return new S3Client({
		endpoint: `http://127.0.0.1:${gate.port}`,
		region: 'us-east-1',
		forcePathStyle: true,
		credentials,
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
	});
}

const siteA = () => siteClient(siteS3Credentials(RUNTIME_SECRET, 'site-a'));
const siteB = () => siteClient(siteS3Credentials(RUNTIME_SECRET, 'site-b'));

/** The error an S3 call ends with: its S3 code and HTTP status. */
async function failure(call: Promise<unknown>): Promise<{ code: string; status: number | undefined }> {
	const error = await call.then(
		() => null,
		(thrown: { name: string; $metadata?: { httpStatusCode?: number } }) => thrown,
	);
	if (!error) throw new Error('The call succeeded');
	return { code: error.name, status: error.$metadata?.httpStatusCode };
}

describe('the S3 gate', () => {
	test('lets a site write, read, list, copy and delete in its own prefix, which is where its objects land', async () => {
		const a = siteA();
		await a.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/hello.txt', Body: 'hello from a', ContentType: 'text/plain' }));
		const read = await a.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/hello.txt' }));
		expect(await read.Body!.transformToString()).toBe('hello from a');
		// In the bucket itself, read without the gate.
		expect(await fetch(s3.objectUrl('sites/site-a/hello.txt')).then((response) => response.text())).toBe('hello from a');

		await a.send(new CopyObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/copy.txt', CopySource: `${s3.bucket}/sites/site-a/hello.txt` }));
		const listed = await a.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'sites/site-a/' }));
		expect(listed.Contents?.map((object) => object.Key).sort()).toEqual(['sites/site-a/copy.txt', 'sites/site-a/hello.txt']);

		await a.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/copy.txt' }));
		await a.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: [{ Key: 'sites/site-a/hello.txt' }] } }));
		const empty = await a.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'sites/site-a/' }));
		expect(empty.Contents ?? []).toEqual([]);
	});

	test('passes a multipart upload (Directus’s uploader for large files) within the prefix', async () => {
		const body = Buffer.alloc(6 * 1024 * 1024, 'x');
		await new Upload({ client: siteA(), params: { Bucket: s3.bucket, Key: 'sites/site-a/large.bin', Body: body }, partSize: 5 * 1024 * 1024 }).done();
		const stored = await fetch(s3.objectUrl('sites/site-a/large.bin')).then((response) => response.arrayBuffer());
		expect(stored.byteLength).toBe(body.length);
	});

	test('refuses a site another site’s objects, whatever way it names them', async () => {
		await siteB().send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-b/secret.txt', Body: 'only b' }));
		const a = siteA();
		const denied = { code: 'AccessDenied', status: 403 };
		expect(await failure(a.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-b/secret.txt' })))).toEqual(denied);
		expect(await failure(a.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/../site-b/secret.txt' })))).toEqual(denied);
		expect(await failure(a.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'sites/site-b/' })))).toEqual(denied);
		expect(await failure(a.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'sites/' })))).toEqual(denied);
		expect(await failure(a.send(new ListObjectsV2Command({ Bucket: s3.bucket })))).toEqual(denied);
		expect(await failure(a.send(new CopyObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/stolen.txt', CopySource: `${s3.bucket}/sites/site-b/secret.txt` })))).toEqual(denied);
		expect(await failure(a.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: [{ Key: 'sites/site-a/x' }, { Key: 'sites/site-b/secret.txt' }] } })))).toEqual(
			denied,
		);
		expect(await failure(a.send(new ListBucketsCommand({})))).toEqual(denied);
		// Nothing of b's changed.
		expect(await fetch(s3.objectUrl('sites/site-b/secret.txt')).then((response) => response.text())).toBe('only b');
		expect((await fetch(s3.objectUrl('sites/site-a/stolen.txt'))).status).toBe(404);
	});

	test('refuses requests signed with any key but the site’s own', async () => {
		const b = siteS3Credentials(RUNTIME_SECRET, 'site-b');
		const a = siteS3Credentials(RUNTIME_SECRET, 'site-a');
		// b's key id with a's secret, a made-up secret, and the bucket's own key (which no site holds).
		for (const credentials of [
			{ accessKeyId: b.accessKeyId, secretAccessKey: a.secretAccessKey },
			{ accessKeyId: a.accessKeyId, secretAccessKey: 'guessed' },
			{ accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
		]) {
			const refused = await failure(siteClient(credentials).send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-b/secret.txt' })));
			expect(refused.status).toBe(403);
			expect(['SignatureDoesNotMatch', 'InvalidAccessKeyId']).toContain(refused.code);
		}
		const unsigned = await fetch(`http://127.0.0.1:${gate.port}/${s3.bucket}/sites/site-b/secret.txt`);
		expect(unsigned.status).toBe(403);
		expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
	});

	test('during a rotation, lets a site keep the key the previous secret made, in its own prefix only; a key of any other secret is refused', async () => {
		const before = siteClient(siteS3Credentials(PREVIOUS_SECRET, 'site-a'));
		await before.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/rotated.txt', Body: 'kept across the rotation' }));
		const read = await siteA().send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/rotated.txt' }));
		expect(await read.Body!.transformToString()).toBe('kept across the rotation');

		const outside = await failure(before.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-b/secret.txt' })));
		expect(outside).toEqual({ code: 'AccessDenied', status: 403 });
		const otherSecret = await failure(
			siteClient(siteS3Credentials('a-third-secret-nobody-configured', 'site-a')).send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/rotated.txt' })),
		);
		expect(otherSecret).toEqual({ code: 'SignatureDoesNotMatch', status: 403 });
	});

	test("a second gate shares the first's port, and serves the sites alone once the first has closed (the site gate beside the runtime's)", async () => {
		const first = gate;
		const second = await startGate(first.port);
		gate = second;
		expect(second.port).toBe(first.port);
		await first.close();
		// Every connection now reaches the second: on a port of its own alone, each of these would be refused.
		for (const key of ['sites/site-a/shared-1.txt', 'sites/site-a/shared-2.txt', 'sites/site-a/shared-3.txt']) {
			await siteA().send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: `through the second gate: ${key}` }));
			const read = await siteA().send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
			expect(await read.Body!.transformToString()).toBe(`through the second gate: ${key}`);
		}
		expect(await failure(siteB().send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'sites/site-a/shared-1.txt' })))).toEqual({ code: 'AccessDenied', status: 403 });
	});
});
