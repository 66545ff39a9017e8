/**
 * The customer's avatar (`/account/avatar`) against a real control plane: images of the four
 * accepted types are stored re-encoded in the Avatars folder and served resized to their owner only;
 * hostile or oversized uploads are refused with a clear message and store nothing; another customer
 * reaches the file through no route.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@epic/platform-api';
import knex, { type Knex } from 'knex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, type Data } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';

/** migrations/20990101F-avatars-folder.mjs */
const AVATARS_FOLDER_ID = '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a51';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TYPES_HINT = 'Please upload a JPEG, PNG, GIF or WebP image.';

type Format = 'png' | 'jpeg' | 'gif' | 'webp';
const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };

const image = (format: Format, colour = RED, width = 300, height = 200) =>
	sharp({ create: { width, height, channels: 3, background: colour } })
		.toFormat(format)
		.toBuffer();

let alice: TestCustomer;
let bob: TestCustomer;
let admin: string;
let db: Knex;

interface Answer {
	status: number;
	headers: Headers;
	bytes: Buffer;
	json: any;
}

async function send(method: string, urlPath: string, options: { token?: string; body?: BodyInit; type?: string } = {}): Promise<Answer> {
	const headers: Record<string, string> = {};
	if (options.token) headers['authorization'] = `Bearer ${options.token}`;
	if (options.type) headers['content-type'] = options.type;
	const init = { method, headers, body: options.body, duplex: 'half' } as RequestInit;
	const response = await fetch(`${controlPlane().url}${urlPath}`, init);
	const bytes = Buffer.from(await response.arrayBuffer());
	let json: unknown = null;
	try {
		json = JSON.parse(bytes.toString('utf8'));
	} catch {
		// an image
	}
	return { status: response.status, headers: response.headers, bytes, json };
}

const upload = (token: string | undefined, body: BodyInit, type?: string) => send('PUT', '/account/avatar', { token, body, type });

async function avatarOf(user: TestCustomer): Promise<string | null> {
	const row = await api<Data<{ avatar: string | null }>>('GET', `/users/${user.id}?fields=avatar`, { token: admin });
	expect(row.status).toBe(200);
	return row.body.data.avatar;
}

const uploadsDir = () => path.join(controlPlane().dataDir, 'uploads');
const diskEntriesOf = (fileId: string) => readdirSync(uploadsDir()).filter((name) => name.startsWith(fileId));

/**
 * What the avatar routes could have written: `directus_files` rows not uploaded by another user
 * (the routes write as the system, so `uploaded_by` is empty; a route writing as the customer would
 * set it to them), and every file in the uploads folder except those of other users' rows. Other
 * test files share this control plane and upload files of their own as the admin meanwhile.
 */
async function storedState(user: TestCustomer) {
	const ours = await db('directus_files')
		.where((query) => query.whereNull('uploaded_by').orWhere('uploaded_by', user.id))
		.orderBy('id')
		.pluck('id');
	const others = new Set<string>(await db('directus_files').whereNotNull('uploaded_by').whereNot('uploaded_by', user.id).pluck('id'));
	const disk = readdirSync(uploadsDir())
		.filter((name) => !others.has(name.slice(0, 36)))
		.sort();
	return { rows: ours, disk, avatar: await avatarOf(user) };
}

async function fileRow(id: string) {
	return db('directus_files').where({ id }).first('id', 'folder', 'type', 'filename_download', 'filename_disk', 'storage', 'width', 'height');
}

/** The average colour of an image, to tell Alice's red avatar from Bob's blue one. */
async function dominantChannel(bytes: Buffer): Promise<'red' | 'blue' | 'other'> {
	const { channels } = await sharp(bytes).stats();
	const [r, , b] = channels.map((channel) => channel.mean);
	if (r! > 150 && b! < 100) return 'red';
	if (b! > 150 && r! < 100) return 'blue';
	return 'other';
}

async function expectServed(token: string, size: number, colour: 'red' | 'blue') {
	const answer = await send('GET', `/account/avatar?size=${size}`, { token });
	expect(answer.status, answer.bytes.toString('utf8', 0, 200)).toBe(200);
	expect(answer.headers.get('content-type')).toBe('image/webp');
	expect(answer.headers.get('cache-control')).toBe('private, max-age=86400');
	expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
	expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'");
	expect(await sharp(answer.bytes).metadata()).toMatchObject({ format: 'webp', width: size, height: size });
	expect(await dominantChannel(answer.bytes)).toBe(colour);
}

beforeAll(async () => {
	[alice, bob] = await Promise.all([registerVerifiedCustomer('avatar-alice'), registerVerifiedCustomer('avatar-bob')]);
	admin = await adminToken();
	db = knex(controlPlane().knexConnection);
	// Alice starts with an avatar, so every upload below replaces one.
	const first = await upload(alice.token, await image('png'), 'image/png');
	expect(first.status, JSON.stringify(first.json)).toBe(200);
});

afterAll(async () => {
	await db?.destroy();
});

describe('PUT /account/avatar', () => {
	it.each<[Format, string]>([
		['png', 'image/png'],
		['jpeg', 'image/jpeg'],
		['gif', 'image/gif'],
		['webp', 'image/webp'],
	])('accepts a %s, serves it at 64 and 256 px and deletes the file it replaces', async (format, type) => {
		const previous = await avatarOf(alice);
		expect(previous).toMatch(UUID);
		for (const size of [64, 256]) await expectServed(alice.token, size, 'red');
		// The previous file and Directus's cached resizes of it are on disk until it is replaced.
		expect(diskEntriesOf(previous!).length).toBe(3);

		const bytes = await image(format);
		const answer = await upload(alice.token, bytes, type);
		expect(answer.status, JSON.stringify(answer.json)).toBe(200);
		expect(answer.json.data).toMatchObject({ id: alice.id, email: alice.email, first_name: 'avatar-alice', avatar: expect.stringMatching(UUID) });
		const fileId: string = answer.json.data.avatar;
		expect(fileId).not.toBe(previous);
		expect(await avatarOf(alice)).toBe(fileId);

		const row = await fileRow(fileId);
		expect(row).toMatchObject({ folder: AVATARS_FOLDER_ID, type: 'image/webp', filename_download: 'avatar.webp', storage: 'local', width: 300, height: 200 });
		const stored = readdirSync(uploadsDir()).includes(row.filename_disk);
		expect(stored).toBe(true);
		const onDisk = await sharp(path.join(uploadsDir(), row.filename_disk)).toBuffer({ resolveWithObject: true });
		expect(onDisk.info.format).toBe('webp');

		for (const size of [64, 256]) await expectServed(alice.token, size, 'red');

		expect(await fileRow(previous!)).toBeUndefined();
		expect(diskEntriesOf(previous!)).toEqual([]);
	});

	it('stores a large image at most 512 px wide, never the uploaded bytes', async () => {
		const bytes = await image('jpeg', RED, 2000, 1000);
		const answer = await upload(alice.token, bytes, 'image/jpeg');
		expect(answer.status, JSON.stringify(answer.json)).toBe(200);
		const row = await fileRow(answer.json.data.avatar);
		expect(row).toMatchObject({ width: 512, height: 256, type: 'image/webp' });
	});

	const bigPng = async () => {
		const png = await image('png');
		return Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length, 0x41)]);
	};
	const polyglot = async () => Buffer.concat([await image('png'), Buffer.from('<html><script>alert(1)</script></html>')]);
	const gifJs = async () => {
		const gif = Buffer.from(await image('gif'));
		gif.write('/*', 6, 'latin1');
		return Buffer.concat([gif, Buffer.from('*/=alert(1);')]);
	};
	/** The same 5 MB + 1 byte, sent in chunks without a declared length. */
	const streamed = async () => {
		const bytes = await bigPng();
		let offset = 0;
		return new ReadableStream<Uint8Array>({
			pull(controller) {
				if (offset >= bytes.length) return controller.close();
				controller.enqueue(bytes.subarray(offset, offset + 256 * 1024));
				offset += 256 * 1024;
			},
		});
	};
	const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

	it.each<[string, () => Promise<BodyInit>, string, number, string, string]>([
		['5 MB + 1 byte', bigPng, 'image/png', 413, 'AVATAR_TOO_LARGE', 'The image is larger than 5 MB. Please choose a smaller one.'],
		['5 MB + 1 byte, streamed', streamed, 'image/png', 413, 'AVATAR_TOO_LARGE', 'The image is larger than 5 MB. Please choose a smaller one.'],
		['an SVG with a script', async () => svg, 'image/svg+xml', 415, 'AVATAR_INVALID_TYPE', `This file is not an image we accept. ${TYPES_HINT}`],
		[
			'an HTML file named and typed as a PNG',
			async () => new Blob(['<!doctype html><html><body><script>alert(1)</script></body></html>']),
			'image/png',
			415,
			'AVATAR_INVALID_TYPE',
			`This file is not an image we accept. ${TYPES_HINT}`,
		],
		[
			'a polyglot (a PNG followed by a web page)',
			polyglot,
			'image/png',
			415,
			'AVATAR_INVALID_TYPE',
			`This image carries something other than a picture (extra data, markup or script). ${TYPES_HINT}`,
		],
		[
			'a GIF/JavaScript polyglot',
			gifJs,
			'image/gif',
			415,
			'AVATAR_INVALID_TYPE',
			`This image carries something other than a picture (extra data, markup or script). ${TYPES_HINT}`,
		],
		['an empty file', async () => new Uint8Array(0), 'image/png', 400, 'AVATAR_EMPTY', 'The file is empty. Please choose an image.'],
		[
			'a JSON body naming a file',
			async () => JSON.stringify({ avatar: '00000000-0000-4000-8000-000000000000' }),
			'application/json',
			415,
			'AVATAR_INVALID_TYPE',
			`This file is not an image we accept. ${TYPES_HINT}`,
		],
	])('refuses %s and stores nothing', async (_name, body, type, status, code, message) => {
		const before = await storedState(alice);
		expect(before.avatar).toMatch(UUID);

		const answer = await upload(alice.token, await body(), type);
		expect(answer.status, JSON.stringify(answer.json)).toBe(status);
		expect(answer.json).toEqual({ errors: [{ message, extensions: { code } }] });

		expect(await storedState(alice)).toEqual(before);
	});

	it('leaves image bytes sent as JSON to Directus’s own parser, which refuses them', async () => {
		const before = await storedState(alice);
		const answer = await upload(alice.token, await image('png'), 'application/json');
		expect(answer.status).toBe(400);
		expect(answer.json.errors[0].extensions.code).toBe('INVALID_PAYLOAD');
		expect(await storedState(alice)).toEqual(before);
	});

	it('answers 401 without a token and stores nothing', async () => {
		const before = await storedState(alice);
		const answer = await upload(undefined, await image('png'), 'image/png');
		expect(answer.status).toBe(401);
		expect(answer.json.errors[0].extensions.code).toBe('NOT_AUTHENTICATED');
		expect(await storedState(alice)).toEqual(before);
	});
});

describe('GET /account/avatar', () => {
	it.each(['', '?size=128', '?size=abc', '?size=64&size=256', '?size=64.0'])('refuses the size in %j', async (query) => {
		const answer = await send('GET', `/account/avatar${query}`, { token: alice.token });
		expect(answer.status).toBe(400);
		expect(answer.json).toEqual({ errors: [{ message: 'size: must be one of 64, 256', extensions: { code: 'INVALID_PAYLOAD', reason: 'size: must be one of 64, 256' } }] });
	});

	it('answers 401 without a token', async () => {
		const answer = await send('GET', '/account/avatar?size=64');
		expect(answer.status).toBe(401);
		expect(answer.json.errors[0].extensions.code).toBe('NOT_AUTHENTICATED');
	});

	it('answers 404 to a customer without an avatar', async () => {
		expect(await avatarOf(bob)).toBeNull();
		const answer = await send('GET', '/account/avatar?size=64', { token: bob.token });
		expect(answer.status).toBe(404);
		expect(answer.json).toEqual({ errors: [{ message: 'You have no avatar.', extensions: { code: 'AVATAR_NOT_FOUND' } }] });
	});
});

describe('another customer', () => {
	let aliceFile: string;

	beforeAll(async () => {
		aliceFile = (await avatarOf(alice))!;
		expect(aliceFile).toMatch(UUID);
		// The admin reads the file: it is there for anyone allowed to read it.
		const asAdmin = await send('GET', `/assets/${aliceFile}`, { token: admin });
		expect(asAdmin.status).toBe(200);
	});

	it('reads no one else’s avatar through /files, /assets or GraphQL', async () => {
		for (const token of [bob.token, undefined]) {
			for (const route of [`/files/${aliceFile}`, `/assets/${aliceFile}`, `/assets/${aliceFile}?width=64&height=64`, `/assets/${aliceFile}?download`]) {
				const answer = await send('GET', route, { token });
				expect(answer.status, `${route} ${token ? 'as Bob' : 'anonymous'}`).toBe(403);
				expect(answer.headers.get('content-type'), route).toMatch(/^application\/json/);
			}
			for (const query of ['{ files { id } }', `{ files_by_id(id: "${aliceFile}") { id filename_disk } }`]) {
				const answer = await send('POST', '/graphql/system', { token, type: 'application/json', body: JSON.stringify({ query }) });
				expect(answer.json.errors?.length, query).toBeGreaterThan(0);
				expect(answer.json.data ?? null, query).toBeNull();
				expect(answer.bytes.toString('utf8'), query).not.toContain(aliceFile);
			}
		}
	});

	it('gets its own avatar from /account/avatar, never Alice’s', async () => {
		expect((await send('GET', '/account/avatar?size=64', { token: bob.token })).status).toBe(404);
		const uploaded = await upload(bob.token, await image('png', BLUE), 'image/png');
		expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
		expect(uploaded.json.data).toMatchObject({ id: bob.id, email: bob.email });
		expect(uploaded.json.data.avatar).not.toBe(aliceFile);
		for (const size of [64, 256]) await expectServed(bob.token, size, 'blue');
		await expectServed(alice.token, 64, 'red');
	});

	it('cannot point its avatar at Alice’s file through any route', async () => {
		const bobFile = await avatarOf(bob);
		const patched = await api('PATCH', '/users/me', { token: bob.token, body: { avatar: aliceFile } });
		expect(patched.status).toBe(403);
		const patchedById = await api('PATCH', `/users/${bob.id}`, { token: bob.token, body: { avatar: aliceFile } });
		expect(patchedById.status).toBe(403);
		const asJson = await upload(bob.token, JSON.stringify({ avatar: aliceFile }), 'application/json');
		expect(asJson.status).toBe(415);
		const withId = await send('PUT', `/account/avatar/${aliceFile}`, { token: bob.token, body: await image('png', BLUE), type: 'image/png' });
		expect(withId.status).toBe(404);
		const graphql = await send('POST', '/graphql/system', {
			token: bob.token,
			type: 'application/json',
			body: JSON.stringify({ query: `mutation { update_users_me(data: { avatar: "${aliceFile}" }) { id } }` }),
		});
		expect(graphql.json.errors?.length).toBeGreaterThan(0);

		expect(await avatarOf(bob)).toBe(bobFile);
		expect(await avatarOf(alice)).toBe(aliceFile);
	});

	it('removes only its own avatar', async () => {
		const bobFile = (await avatarOf(bob))!;
		const removed = await send('DELETE', '/account/avatar', { token: bob.token });
		expect(removed.status).toBe(200);
		expect(removed.json.data).toMatchObject({ id: bob.id, avatar: null });
		expect(await fileRow(bobFile)).toBeUndefined();
		expect(await avatarOf(alice)).toBe(aliceFile);
		expect(await fileRow(aliceFile)).toMatchObject({ id: aliceFile });
		await expectServed(alice.token, 256, 'red');
	});
});

describe('DELETE /account/avatar', () => {
	it('answers 401 without a token', async () => {
		const answer = await send('DELETE', '/account/avatar');
		expect(answer.status).toBe(401);
		expect(await avatarOf(alice)).toMatch(UUID);
	});

	it('clears the avatar and deletes its file, bytes and cached resizes', async () => {
		const fileId = (await avatarOf(alice))!;
		expect(diskEntriesOf(fileId).length).toBeGreaterThanOrEqual(2);

		const removed = await send('DELETE', '/account/avatar', { token: alice.token });
		expect(removed.status).toBe(200);
		expect(removed.json.data).toMatchObject({ id: alice.id, email: alice.email, avatar: null });
		expect(await avatarOf(alice)).toBeNull();
		expect(await fileRow(fileId)).toBeUndefined();
		expect(diskEntriesOf(fileId)).toEqual([]);

		const served = await send('GET', '/account/avatar?size=64', { token: alice.token });
		expect(served.status).toBe(404);
		expect(served.json.errors[0].extensions.code).toBe('AVATAR_NOT_FOUND');

		const again = await send('DELETE', '/account/avatar', { token: alice.token });
		expect(again.status).toBe(200);
		expect(again.json.data.avatar).toBeNull();
	});
});
