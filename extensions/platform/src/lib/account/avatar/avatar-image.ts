/**
 * The caller's avatar as a square WebP of one of the portal's sizes, made by Directus's
 * AssetsService, which caches each resize beside the file (and FilesService.deleteOne removes them
 * with it). Read as the system: customers cannot read `directus_files`.
 */
import type { Readable } from 'node:stream';
import { isDirectusError } from '@directus/errors';
import type { AvatarSize } from '@epic/platform-api';
import { AvatarNotFoundError } from '../../errors.ts';
import { readOwnProfile } from '../profile.ts';
import type { AvatarContext } from './avatar-context.ts';

export interface AvatarImage {
	stream: Readable;
	bytes: number;
}

export async function openOwnAvatar(context: AvatarContext, userId: string, size: AvatarSize): Promise<AvatarImage> {
	const { avatar } = await readOwnProfile(context, userId);
	if (!avatar) throw new AvatarNotFoundError();

	const assets = new context.services.AssetsService({ schema: await context.getSchema() });
	const transformation = { transformationParams: { width: size, height: size, fit: 'cover', format: 'webp' } } as const;
	const asset = await assets.getAsset(avatar, transformation, undefined, false).catch((error: unknown) => {
		// AssetsService answers FORBIDDEN for a file whose row or bytes are gone.
		throw isDirectusError(error, 'FORBIDDEN') ? new AvatarNotFoundError() : error;
	});
	// A file that is not an image (one set by staff in Studio) is not resized: not an avatar we serve.
	if (asset.file.type !== 'image/webp') {
		asset.stream.destroy();
		throw new AvatarNotFoundError();
	}
	return { stream: asset.stream, bytes: asset.stat.size };
}
