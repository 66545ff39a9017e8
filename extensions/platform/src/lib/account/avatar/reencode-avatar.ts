/**
 * The image that is stored: the upload decoded in full with sharp (Directus's own copy) and encoded
 * again, so nothing of the uploaded file survives but its pixels: no metadata (EXIF location,
 * comments, colour profiles after conversion to sRGB), no hidden chunks, no second file.
 */
import sharp from 'sharp';
import { AvatarTooManyPixelsError, AvatarUnreadableError } from '../../errors.ts';

/** Largest side of the stored image; the portal shows at most 256 px (128 CSS px × 2). */
export const STORED_AVATAR_MAX_SIDE = 512;

/**
 * A 5 MB file can declare a huge canvas (a PNG of one colour compresses to almost nothing), and
 * decoding allocates width × height × 4 bytes: 64 megapixels is more than any camera's photo that
 * fits in 5 MB, and bounds that to 256 MB.
 */
export const AVATAR_MAX_MEGAPIXELS = 64;

export interface StoredAvatarImage {
	/** WebP bytes. */
	data: Buffer;
	width: number;
	height: number;
}

export async function reencodeAvatar(upload: Uint8Array): Promise<StoredAvatarImage> {
	try {
		const { data, info } = await sharp(upload, {
			// Refuse decoding errors and truncation; libjpeg's warnings (such as stray bytes before
			// a marker) are common in camera files that every browser shows.
			failOn: 'error',
			limitInputPixels: AVATAR_MAX_MEGAPIXELS * 1_000_000,
			// Animated GIF, WebP and PNG: the first frame.
			animated: false,
		})
			.autoOrient()
			.resize(STORED_AVATAR_MAX_SIDE, STORED_AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
			.webp({ quality: 85 })
			.toBuffer({ resolveWithObject: true });
		return { data, width: info.width, height: info.height };
	} catch (error) {
		if (error instanceof Error && /pixel limit/i.test(error.message)) {
			throw new AvatarTooManyPixelsError({ megapixels: AVATAR_MAX_MEGAPIXELS });
		}
		throw new AvatarUnreadableError();
	}
}
