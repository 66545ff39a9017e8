/**
 * A published team member's photo as a 256 px square WebP (the About page shows it at up to 128
 * px), made by Directus's AssetsService, which caches the resize beside the file. Read as the
 * system: visitors cannot read `directus_files`, and this route reaches only the file set as the
 * photo of a member who is published now.
 */
import type { Readable } from 'node:stream';
import { isDirectusError } from '@directus/errors';
import type { ApiExtensionContext } from '@directus/types';
import { PhotoNotFoundError } from '../errors.ts';

export const TEAM_PHOTO_SIZE = 256;

export interface TeamPhoto {
	stream: Readable;
	bytes: number;
}

type PhotoContext = Pick<ApiExtensionContext, 'database' | 'services' | 'getSchema'>;

async function publishedPhotoId(context: PhotoContext, memberId: string): Promise<string> {
	if (!/^[1-9]\d{0,9}$/.test(memberId)) throw new PhotoNotFoundError();
	const row = (await context
		.database('site_team_members')
		.select('photo')
		.where({ id: Number(memberId), status: 'published' })
		.first()) as { photo: string | null } | undefined;
	if (!row?.photo) throw new PhotoNotFoundError();
	return row.photo;
}

export async function openTeamPhoto(context: PhotoContext, memberId: string): Promise<TeamPhoto> {
	const fileId = await publishedPhotoId(context, memberId);
	const assets = new context.services.AssetsService({ schema: await context.getSchema() });
	const transformation = { transformationParams: { width: TEAM_PHOTO_SIZE, height: TEAM_PHOTO_SIZE, fit: 'cover', format: 'webp' } } as const;
	const asset = await assets.getAsset(fileId, transformation, undefined, false).catch((error: unknown) => {
		// AssetsService answers FORBIDDEN for a file whose row or bytes are gone.
		throw isDirectusError(error, 'FORBIDDEN') ? new PhotoNotFoundError() : error;
	});
	// A file that is not an image (a PDF picked in Studio) is not resized: not a photo we serve.
	if (asset.file.type !== 'image/webp') {
		asset.stream.destroy();
		throw new PhotoNotFoundError();
	}
	return { stream: asset.stream, bytes: asset.stat.size };
}
