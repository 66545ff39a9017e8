import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasDataAfter, imageEnd } from './image-end.ts';
import { gifJsPolyglot, pngChunk, testImage, withChunkBeforeEnd, withJpegComment, type TestFormat } from './test-images.ts';

const FORMATS: TestFormat[] = ['png', 'jpeg', 'gif', 'webp'];

describe('imageEnd', () => {
	it.each(FORMATS)('finds the end of a whole %s at its last byte', async (format) => {
		const image = await testImage(format);
		expect(imageEnd(image, format)).toBe(image.length);
	});

	it.each(FORMATS)('finds the end of a %s followed by another file', async (format) => {
		const image = await testImage(format);
		const polyglot = Buffer.concat([image, Buffer.from('PK\u0003\u0004 a zip, or a page')]);
		expect(imageEnd(polyglot, format)).toBe(image.length);
		expect(hasDataAfter(polyglot, image.length)).toBe(true);
	});

	it.each(FORMATS)('answers null for a %s cut short', async (format) => {
		const image = await testImage(format);
		expect(imageEnd(image.subarray(0, image.length - 3), format)).toBeNull();
	});

	it('skips JPEG segments by their length, so an end marker inside one is not the end', async () => {
		const jpeg = withJpegComment(await testImage('jpeg'), Buffer.from([0x41, 0xff, 0xd9, 0x42]));
		expect(imageEnd(jpeg, 'jpeg')).toBe(jpeg.length);
	});

	it('follows every scan of a progressive JPEG of noise (escaped 0xFF bytes in its data)', async () => {
		const noise = randomBytes(64 * 64 * 3);
		const jpeg = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
			.jpeg({ progressive: true, quality: 95 })
			.toBuffer();
		expect(jpeg.includes(Buffer.from([0xff, 0x00]))).toBe(true);
		expect(imageEnd(jpeg, 'jpeg')).toBe(jpeg.length);
	});

	it('walks PNG chunks up to IEND', async () => {
		const png = withChunkBeforeEnd(await testImage('png'), pngChunk('tEXt', Buffer.from('Comment\0IEND is only text here')));
		expect(imageEnd(png, 'png')).toBe(png.length);
	});

	it('finds the GIF trailer before a script appended to it', async () => {
		const polyglot = await gifJsPolyglot();
		const end = imageEnd(polyglot, 'gif');
		expect(end).toBe(polyglot.length - '*/=alert(1);'.length);
		expect(polyglot[end! - 1]).toBe(0x3b);
	});
});

describe('hasDataAfter', () => {
	it('ignores zero padding and sees anything else', () => {
		const bytes = Buffer.from([1, 2, 3, 0, 0, 0]);
		expect(hasDataAfter(bytes, 3)).toBe(false);
		expect(hasDataAfter(Buffer.from([1, 2, 3, 0, 7]), 3)).toBe(true);
		expect(hasDataAfter(bytes, bytes.length)).toBe(false);
	});
});
