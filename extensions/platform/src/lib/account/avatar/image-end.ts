/**
 * Where an image's own data ends, read from its structure: a polyglot is a valid image with a second
 * file (a web page, a script, an archive) after that point, which an image decoder ignores. Each
 * function answers the offset just past the image's last byte, or null when the structure is broken
 * (truncated, or not what the format says).
 */
import type { AvatarFormat } from './avatar-format.ts';

export function imageEnd(bytes: Uint8Array, format: AvatarFormat): number | null {
	switch (format) {
		case 'png':
			return pngEnd(bytes);
		case 'jpeg':
			return jpegEnd(bytes);
		case 'gif':
			return gifEnd(bytes);
		case 'webp':
			return webpEnd(bytes);
	}
}

/** Bytes after the image's end, other than zero padding (some encoders pad; zeros carry nothing). */
export function hasDataAfter(bytes: Uint8Array, end: number): boolean {
	for (let i = end; i < bytes.length; i++) if (bytes[i] !== 0) return true;
	return false;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** PNG: 8-byte signature, then chunks (length, type, data, CRC) up to and including IEND. */
function pngEnd(bytes: Uint8Array): number | null {
	const data = view(bytes);
	let offset = 8;
	while (offset + 12 <= bytes.length) {
		const length = data.getUint32(offset);
		const next = offset + 12 + length;
		if (next > bytes.length) return null;
		if (String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)) === 'IEND') return next;
		offset = next;
	}
	return null;
}

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * JPEG: SOI, then marker segments with their lengths; after each SOS comes entropy-coded data that
 * runs to the next marker (0xFF00 is an escaped 0xFF, RSTn are part of it); EOI ends the image.
 * Segments are skipped by length, so a thumbnail inside EXIF (a whole JPEG with its own EOI) is not
 * taken for the end.
 */
function jpegEnd(bytes: Uint8Array): number | null {
	if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
	let i = 2;
	while (i < bytes.length) {
		if (bytes[i] !== 0xff) return null;
		while (bytes[i] === 0xff) i++; // fill bytes may precede a marker
		if (i >= bytes.length) return null;
		const marker = bytes[i++]!;
		if (marker === 0xd9) return i;
		if (marker === 0x00) return null;
		if (marker === 0x01 || isRestart(marker)) continue; // markers without a length
		if (i + 2 > bytes.length) return null;
		const length = (bytes[i]! << 8) | bytes[i + 1]!;
		if (length < 2) return null;
		i += length;
		if (i > bytes.length) return null;
		if (marker === 0xda) i = entropyDataEnd(bytes, i);
	}
	return null;
}

/** The offset of the marker that ends a scan's entropy-coded data (or the end of the bytes). */
function entropyDataEnd(bytes: Uint8Array, start: number): number {
	let i = start;
	while (i < bytes.length) {
		if (bytes[i] !== 0xff) {
			i++;
			continue;
		}
		const next = bytes[i + 1];
		if (next === 0x00 || (next !== undefined && isRestart(next))) i += 2;
		else if (next === 0xff) i++;
		else return i;
	}
	return i;
}

/**
 * GIF: header and logical screen descriptor (13 bytes), optional global colour table, then
 * extensions (0x21) and images (0x2C), each ending with an empty sub-block, up to the trailer 0x3B.
 */
function gifEnd(bytes: Uint8Array): number | null {
	if (bytes.length < 13) return null;
	let i = 13 + colourTableSize(bytes[10]!);
	while (i < bytes.length) {
		const block = bytes[i++];
		if (block === 0x3b) return i;
		if (block === 0x21) {
			const end = subBlocksEnd(bytes, i + 1); // after the extension's label
			if (end === null) return null;
			i = end;
		} else if (block === 0x2c) {
			if (i + 9 > bytes.length) return null;
			// image descriptor (9 bytes), local colour table, LZW minimum code size, data sub-blocks
			const end = subBlocksEnd(bytes, i + 9 + colourTableSize(bytes[i + 8]!) + 1);
			if (end === null) return null;
			i = end;
		} else return null;
	}
	return null;
}

function colourTableSize(packed: number): number {
	return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

function subBlocksEnd(bytes: Uint8Array, start: number): number | null {
	let i = start;
	while (i < bytes.length) {
		const size = bytes[i]!;
		i += 1 + size;
		if (size === 0) return i;
	}
	return null;
}

/** WebP: a RIFF container whose header states the size of everything after its first 8 bytes. */
function webpEnd(bytes: Uint8Array): number | null {
	if (bytes.length < 12) return null;
	const end = 8 + view(bytes).getUint32(4, true);
	return end <= bytes.length ? end : null;
}
