import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readUpload, type UploadRequest } from './read-upload.ts';

/** A request whose body the test writes, with the headers and parser marks given. */
function request(headers: Record<string, string> = {}, marks: { _body?: boolean; rawBody?: Buffer } = {}) {
	const stream = new PassThrough();
	return Object.assign(stream, { headers, ...marks }) as unknown as UploadRequest & PassThrough;
}

describe('readUpload', () => {
	it('reads the whole body, in any number of chunks', async () => {
		const req = request();
		const read = readUpload(req, 10);
		req.write(Buffer.from('abc'));
		req.write(Buffer.from('defghij'));
		req.end();
		await expect(read).resolves.toEqual(Buffer.from('abcdefghij'));
	});

	it('refuses as soon as the cap is passed, without waiting for the rest', async () => {
		const req = request();
		const read = readUpload(req, 10);
		req.write(Buffer.from('abcdefghijk'));
		await expect(read).rejects.toMatchObject({ code: 'AVATAR_TOO_LARGE', status: 413 });
		// The rest is discarded as it comes: nothing listens for it, and the stream keeps flowing.
		expect(req.listenerCount('data')).toBe(0);
		expect(req.readableFlowing).toBe(true);
		req.end(Buffer.alloc(1000));
	});

	it('refuses a declared length over the cap without reading', async () => {
		const req = request({ 'content-length': '11' });
		await expect(readUpload(req, 10)).rejects.toMatchObject({ code: 'AVATAR_TOO_LARGE' });
		expect(req.listenerCount('data')).toBe(0);
		expect(req.readableFlowing).toBe(null);
	});

	it('reads an empty body as no bytes', async () => {
		const req = request({ 'content-length': '0' });
		const read = readUpload(req, 10);
		req.end();
		await expect(read).resolves.toHaveLength(0);
	});

	it('takes the bytes Directus’s JSON parser already read', async () => {
		const req = request({ 'content-type': 'application/json' }, { _body: true, rawBody: Buffer.from('{"a":1}') });
		await expect(readUpload(req, 10)).resolves.toEqual(Buffer.from('{"a":1}'));
		await expect(readUpload(request({}, { _body: true, rawBody: Buffer.from('{"long":"body"}') }), 10)).rejects.toMatchObject({
			code: 'AVATAR_TOO_LARGE',
		});
		await expect(readUpload(request({}, { _body: true }), 10)).resolves.toHaveLength(0);
	});

	it('fails when the client goes away before the end', async () => {
		const req = request();
		const read = readUpload(req, 10);
		req.write(Buffer.from('abc'));
		req.destroy();
		await expect(read).rejects.toThrow();
	});
});
