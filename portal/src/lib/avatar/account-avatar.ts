import { customEndpoint } from '@directus/sdk';
import type { AvatarSize } from '@epic/platform-api';
import { useEffect, useState } from 'react';
import useSWRImmutable from 'swr/immutable';
import { UnexpectedResponseError } from '../api-error';
import { directus } from '../directus';

/**
 * Cache key of the avatar image. The avatar's file id changes with every upload, so a new picture
 * is a new key and never shows a stale image; the same picture is fetched once per size.
 */
export const avatarImageKey = (avatarId: string, size: AvatarSize) => ['account/avatar', avatarId, size] as const;

/**
 * `GET /account/avatar?size=`: the caller's own picture. It needs the Bearer token (customers
 * cannot read `/assets`), so it is fetched through the SDK, which adds and refreshes the token,
 * rather than put in an `<img src>`.
 */
export async function fetchAvatarImage(size: AvatarSize): Promise<Blob> {
	const answer: unknown = await directus.request(customEndpoint({ path: '/account/avatar', method: 'GET', params: { size: String(size) } }));
	// The SDK hands back the raw Response for a body that is neither JSON nor text.
	if (!(answer instanceof Response) || !answer.ok) {
		throw new UnexpectedResponseError('GET /account/avatar did not answer with an image');
	}
	const image = await answer.blob();
	if (!image.type.startsWith('image/')) {
		throw new UnexpectedResponseError(`GET /account/avatar answered ${image.type || 'no type'}, not an image`);
	}
	return image;
}

/** An object URL for a blob, revoked when the blob changes or the component goes away. */
export function useObjectUrl(blob: Blob | undefined): string | null {
	const [url, setUrl] = useState<string | null>(null);
	useEffect(() => {
		if (!blob) {
			setUrl(null);
			return;
		}
		const created = URL.createObjectURL(blob);
		setUrl(created);
		return () => URL.revokeObjectURL(created);
	}, [blob]);
	return url;
}

/** URL of the signed-in customer's avatar at `size`, or null while there is none (or it failed). */
export function useAvatarImageUrl(avatarId: string | null, size: AvatarSize): string | null {
	const { data } = useSWRImmutable(avatarId ? avatarImageKey(avatarId, size) : null, ([, , imageSize]) => fetchAvatarImage(imageSize));
	return useObjectUrl(data);
}
