/**
 * The caller's avatar as a Directus file, written as the system (services without accountability):
 * customers hold no permission on `directus_files` or `directus_users`, because on the core tier a
 * permission cannot be limited to one's own rows. Ownership is the caller's own `avatar` field,
 * read and written by the caller's id only.
 */
import { Readable } from 'node:stream';
import { ReplicaMutex } from '../../coordination/replica-mutex.ts';
import { readOwnProfile } from '../profile.ts';
import type { AvatarContext } from './avatar-context.ts';
import { AVATARS_FOLDER_ID } from './avatars-folder.ts';
import type { StoredAvatarImage } from './reencode-avatar.ts';

/**
 * One change of a user's avatar at a time, across replicas: two uploads racing would both delete
 * the same previous file and leave one new file that no user points at.
 */
const oneChangeAtATime = <T>(context: AvatarContext, userId: string, change: () => Promise<T>) => new ReplicaMutex(context.database).run(`avatar:${userId}`, change);

/** Stores the image as a new file, points the caller's avatar at it, then deletes the previous one. */
export function replaceAvatar(context: AvatarContext, userId: string, image: StoredAvatarImage): Promise<void> {
	return oneChangeAtATime(context, userId, async () => {
		const { avatar: previous } = await readOwnProfile(context, userId);
		const schema = await context.getSchema();
		const files = new context.services.FilesService({ schema });
		const fileId = String(
			await files.uploadOne(Readable.from(image.data), {
				storage: 'local',
				folder: AVATARS_FOLDER_ID,
				filename_download: 'avatar.webp',
				title: 'Avatar',
				type: 'image/webp',
			}),
		);
		try {
			await new context.services.UsersService({ schema }).updateOne(userId, { avatar: fileId });
		} catch (error) {
			await files.deleteOne(fileId);
			throw error;
		}
		if (previous) await deleteAvatarFile(context, previous);
	});
}

/** Clears the caller's avatar and deletes its file. Nothing to clear is not an error. */
export function removeAvatar(context: AvatarContext, userId: string): Promise<void> {
	return oneChangeAtATime(context, userId, async () => {
		const { avatar } = await readOwnProfile(context, userId);
		if (!avatar) return;
		await new context.services.UsersService({ schema: await context.getSchema() }).updateOne(userId, { avatar: null });
		await deleteAvatarFile(context, avatar);
	});
}

/** Deletes the row, the bytes and Directus's cached resizes, if the file is one of ours. */
async function deleteAvatarFile(context: AvatarContext, fileId: string): Promise<void> {
	const files = new context.services.FilesService({ schema: await context.getSchema() });
	const ours = await files.readByQuery({
		fields: ['id'],
		filter: { _and: [{ id: { _eq: fileId } }, { folder: { _eq: AVATARS_FOLDER_ID } }] },
		limit: 1,
	});
	if (ours.length > 0) await files.deleteOne(fileId);
}
