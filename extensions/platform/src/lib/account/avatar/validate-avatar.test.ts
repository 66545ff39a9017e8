import { AVATAR_MAX_BYTES } from '@epic/platform-api';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_MEGAPIXELS, STORED_AVATAR_MAX_SIDE } from './reencode-avatar.ts';
import { gifJsPolyglot, HTML_PAYLOAD, pngChunk, pngHtmlPolyglot, SVG_WITH_SCRIPT, testImage, withChunkBeforeEnd, withDeclaredSize, type TestFormat } from './test-images.ts';
import { validateAvatar } from './validate-avatar.ts';

const refusal = (code: string, status: number, message: RegExp) => ({ code, status, message: expect.stringMatching(message) });
const NOT_AN_IMAGE = refusal('AVATAR_INVALID_TYPE', 415, /^This file is not an image we accept\. Please upload a JPEG, PNG, GIF or WebP image\.$/);
const HIDDEN_CONTENT = refusal('AVATAR_INVALID_TYPE', 415, /^This image carries something other than a picture .* Please upload a JPEG, PNG, GIF or WebP image\.$/);
const UNREADABLE = refusal('AVATAR_INVALID_TYPE', 415, /^This image could not be read; it may be damaged\./);

describe('validateAvatar accepts', () => {
	it.each<TestFormat>(['png', 'jpeg', 'gif', 'webp'])('a %s, re-encoded as WebP', async (format) => {
		const upload = await testImage(format, 40, 30);
		const stored = await validateAvatar(upload);
		const decoded = await sharp(stored.data).metadata();
		expect(decoded).toMatchObject({ format: 'webp', width: 40, height: 30 });
		expect(stored).toMatchObject({ width: 40, height: 30 });
		expect(stored.data.equals(upload)).toBe(false);
	});

	it('a large image, shrunk to fit the stored size', async () => {
		const stored = await validateAvatar(await testImage('png', 1200, 800));
		expect(stored).toMatchObject({ width: STORED_AVATAR_MAX_SIDE, height: Math.round((STORED_AVATAR_MAX_SIDE * 800) / 1200) });
	});

	it('a photo turned by its EXIF orientation, stored upright and without metadata', async () => {
		const photo = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#336699' } })
			.jpeg()
			.withExif({ IFD0: { Artist: 'someone', ImageDescription: 'where I live' } })
			.withMetadata({ orientation: 6 })
			.toBuffer();
		expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });

		const stored = await validateAvatar(photo);
		const decoded = await sharp(stored.data).metadata();
		expect(decoded).toMatchObject({ width: 20, height: 60 });
		expect(decoded.exif).toBeUndefined();
		expect(decoded.orientation).toBeUndefined();
	});

	it('an image padded with zero bytes after its end', async () => {
		await expect(validateAvatar(Buffer.concat([await testImage('png'), Buffer.alloc(16)]))).resolves.toMatchObject({ width: 40 });
	});
});

describe('validateAvatar refuses', () => {
	it('an empty file', async () => {
		await expect(validateAvatar(Buffer.alloc(0))).rejects.toMatchObject(refusal('AVATAR_EMPTY', 400, /^The file is empty/));
	});

	it('a file of 5 MB and 1 byte, even an image', async () => {
		const png = await testImage('png');
		const padded = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
		await expect(validateAvatar(padded)).rejects.toMatchObject(refusal('AVATAR_TOO_LARGE', 413, /larger than 5 MB/));
	});

	it('an SVG with a script', async () => {
		await expect(validateAvatar(Buffer.from(SVG_WITH_SCRIPT))).rejects.toMatchObject(NOT_AN_IMAGE);
	});

	it('an HTML page, whatever its name or declared type', async () => {
		await expect(validateAvatar(Buffer.from(`<!doctype html>${HTML_PAYLOAD}`))).rejects.toMatchObject(NOT_AN_IMAGE);
	});

	it('a type other than the four (TIFF)', async () => {
		const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
			.tiff()
			.toBuffer();
		await expect(validateAvatar(tiff)).rejects.toMatchObject(NOT_AN_IMAGE);
	});

	it('a PNG followed by a web page (polyglot)', async () => {
		const polyglot = await pngHtmlPolyglot();
		// The image part alone decodes: only the check for what follows it refuses this file.
		await expect(sharp(polyglot).metadata()).resolves.toMatchObject({ format: 'png' });
		await expect(validateAvatar(polyglot)).rejects.toMatchObject(HIDDEN_CONTENT);
	});

	it('a GIF that is also a script (polyglot)', async () => {
		await expect(validateAvatar(await gifJsPolyglot())).rejects.toMatchObject(HIDDEN_CONTENT);
	});

	it.each<TestFormat>(['jpeg', 'webp'])('a %s followed by another file', async (format) => {
		const polyglot = Buffer.concat([await testImage(format), Buffer.from('PK\u0003\u0004hidden archive')]);
		await expect(validateAvatar(polyglot)).rejects.toMatchObject(HIDDEN_CONTENT);
	});

	it('a PNG that carries a script inside one of its own chunks', async () => {
		const png = withChunkBeforeEnd(await testImage('png'), pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>')));
		await expect(sharp(png).metadata()).resolves.toMatchObject({ format: 'png' });
		await expect(validateAvatar(png)).rejects.toMatchObject(HIDDEN_CONTENT);
	});

	it('an image cut short', async () => {
		const png = await testImage('png');
		await expect(validateAvatar(png.subarray(0, png.length - 20))).rejects.toMatchObject(UNREADABLE);
	});

	it('an image whose pixel data does not decode', async () => {
		const png = await testImage('png');
		// Corrupt the compressed pixels inside IDAT; the chunk structure stays intact.
		const idat = png.indexOf('IDAT');
		const corrupt = Buffer.from(png);
		corrupt.fill(0xaa, idat + 6, idat + 14);
		await expect(validateAvatar(corrupt)).rejects.toMatchObject(UNREADABLE);
	});

	it(`an image of more than ${AVATAR_MAX_MEGAPIXELS} megapixels`, async () => {
		const huge = withDeclaredSize(await testImage('png'), 9000, 8000);
		await expect(validateAvatar(huge)).rejects.toMatchObject(refusal('AVATAR_TOO_LARGE', 413, /more than 64 megapixels/));
	});
});
