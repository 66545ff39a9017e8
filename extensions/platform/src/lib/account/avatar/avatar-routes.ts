/**
 * `/account/avatar`: the signed-in customer's own avatar (docs/access-model.md, The avatar). No
 * route takes a file id: each acts on the caller's own `avatar` field only.
 */
import { pipeline } from 'node:stream/promises';
import { AVATAR_MAX_BYTES } from '@epic/platform-api';
import type { Router } from 'express';
import { requireUserId } from '../../http/accountability.ts';
import { asyncRoute } from '../../http/async-route.ts';
import { readOwnProfile } from '../profile.ts';
import type { AvatarContext } from './avatar-context.ts';
import { openOwnAvatar } from './avatar-image.ts';
import { parseAvatarSize } from './avatar-size.ts';
import { removeAvatar, replaceAvatar } from './avatar-storage.ts';
import { readUpload } from './read-upload.ts';
import { validateAvatar } from './validate-avatar.ts';

/**
 * The image is the caller's only, and is never to be taken for a page: no shared caches, no MIME
 * sniffing, and nothing in it may run if it is opened directly.
 */
const IMAGE_HEADERS = {
	'Content-Type': 'image/webp',
	'Cache-Control': 'private, max-age=86400',
	'X-Content-Type-Options': 'nosniff',
	'Content-Security-Policy': "default-src 'none'",
};

export function registerAvatarRoutes(router: Router, context: AvatarContext): void {
	router.put(
		'/avatar',
		asyncRoute(async (req, res) => {
			const userId = requireUserId(req);
			const image = await validateAvatar(await readUpload(req, AVATAR_MAX_BYTES));
			await replaceAvatar(context, userId, image);
			res.json({ data: await readOwnProfile(context, userId) });
		}),
	);

	router.get(
		'/avatar',
		asyncRoute(async (req, res) => {
			const userId = requireUserId(req);
			const avatar = await openOwnAvatar(context, userId, parseAvatarSize(req.query['size']));
			res.set({ ...IMAGE_HEADERS, 'Content-Length': String(avatar.bytes) });
			// Once the first bytes are out an error can only end the response; pipeline closes both ends.
			await pipeline(avatar.stream, res).catch((error: unknown) => {
				context.logger.debug(`Avatar of ${userId} not sent in full: ${(error as Error).message}`);
			});
		}),
	);

	router.delete(
		'/avatar',
		asyncRoute(async (req, res) => {
			const userId = requireUserId(req);
			await removeAvatar(context, userId);
			res.json({ data: await readOwnProfile(context, userId) });
		}),
	);
}
