import { AVATAR_SIZES, type AvatarSize } from '@epic/platform-api';
import { InvalidPayloadError } from '../../errors.ts';

/** `?size=`: one of the sizes the portal shows, so the resizes Directus caches stay few. */
export function parseAvatarSize(value: unknown): AvatarSize {
	const size = AVATAR_SIZES.find((allowed) => String(allowed) === value);
	if (size === undefined) throw new InvalidPayloadError({ reason: `size: must be one of ${AVATAR_SIZES.join(', ')}` });
	return size;
}
