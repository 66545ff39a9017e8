/**
 * Every check an avatar upload passes before anything is stored, cheapest first; the first failure
 * is the answer. What comes out is the re-encoded image, never the uploaded bytes.
 */
import { AVATAR_MAX_BYTES } from '@epic/platform-api';
import { AvatarEmptyError, AvatarHiddenContentError, AvatarNotAnImageError, AvatarTooLargeError, AvatarUnreadableError } from '../../errors.ts';
import { detectAvatarFormat } from './avatar-format.ts';
import { hasDataAfter, imageEnd } from './image-end.ts';
import { containsMarkup } from './markup-signatures.ts';
import { reencodeAvatar, type StoredAvatarImage } from './reencode-avatar.ts';

export async function validateAvatar(upload: Uint8Array): Promise<StoredAvatarImage> {
	if (upload.length === 0) throw new AvatarEmptyError();
	if (upload.length > AVATAR_MAX_BYTES) throw new AvatarTooLargeError();

	const format = await detectAvatarFormat(upload);
	if (!format) throw new AvatarNotAnImageError();

	const end = imageEnd(upload, format);
	if (end === null) throw new AvatarUnreadableError();
	if (hasDataAfter(upload, end) || containsMarkup(upload)) throw new AvatarHiddenContentError();

	return reencodeAvatar(upload);
}
