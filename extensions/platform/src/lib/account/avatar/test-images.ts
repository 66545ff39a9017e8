/** Small real images and hostile files for the avatar tests, made with sharp. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export type TestFormat = 'png' | 'jpeg' | 'gif' | 'webp';

const base = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

export function testImage(format: TestFormat, width = 40, height = 30): Promise<Buffer> {
	return base(width, height).toFormat(format).toBuffer();
}

export const HTML_PAYLOAD = '<html><script>alert(1)</script></html>';

export const SVG_WITH_SCRIPT =
	'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>\n';

/** A valid PNG followed by a web page: browsers sniffing it as HTML would run the script. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
	return Buffer.concat([await testImage('png'), Buffer.from(HTML_PAYLOAD)]);
}

/**
 * The classic GIF/JavaScript polyglot: the logical screen width is the bytes `/*`, so read as
 * script the file is `GIF89a/* …binary… *\/=alert(1);`, and the script follows the GIF trailer.
 */
export async function gifJsPolyglot(): Promise<Buffer> {
	const gif = Buffer.from(await testImage('gif'));
	gif.write('/*', 6, 'latin1');
	return Buffer.concat([gif, Buffer.from('*/=alert(1);')]);
}

/** A PNG chunk, with its CRC, to insert before IEND. */
export function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typeAndData));
	return Buffer.concat([length, typeAndData, crc]);
}

/** The PNG with `chunk` inserted just before its IEND chunk (the last 12 bytes). */
export function withChunkBeforeEnd(png: Buffer, chunk: Buffer): Buffer {
	return Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
}

/** The PNG with its IHDR declaring another size (CRC fixed), pixel data unchanged. */
export function withDeclaredSize(png: Buffer, width: number, height: number): Buffer {
	const copy = Buffer.from(png);
	copy.writeUInt32BE(width, 16);
	copy.writeUInt32BE(height, 20);
	copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
	return copy;
}

/** The JPEG with a comment segment (COM) right after SOI. */
export function withJpegComment(jpeg: Buffer, comment: Buffer): Buffer {
	const header = Buffer.from([0xff, 0xfe, 0, 0]);
	header.writeUInt16BE(comment.length + 2, 2);
	return Buffer.concat([jpeg.subarray(0, 2), header, comment, jpeg.subarray(2)]);
}
