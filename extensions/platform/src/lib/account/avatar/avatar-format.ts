/**
 * Which image an upload is, decided by its bytes (file-type reads the signatures), never by its name
 * or the Content-Type the client declared: a browser sends whatever type the file's name suggests.
 */
import { fileTypeFromBuffer } from 'file-type';

export type AvatarFormat = 'jpeg' | 'png' | 'gif' | 'webp';

const ACCEPTED: Record<string, AvatarFormat> = {
	'image/jpeg': 'jpeg',
	'image/png': 'png',
	// An animated PNG is a valid PNG (same chunks, same end); it is stored as its first frame.
	'image/apng': 'png',
	'image/gif': 'gif',
	'image/webp': 'webp',
};

/** The accepted format the bytes are, or null for anything else (SVG, HTML, HEIC, unknown…). */
export async function detectAvatarFormat(bytes: Uint8Array): Promise<AvatarFormat | null> {
	const detected = await fileTypeFromBuffer(bytes);
	return (detected && ACCEPTED[detected.mime]) ?? null;
}
