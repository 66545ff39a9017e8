import { customEndpoint } from '@directus/sdk';
import { accountProfileSchema } from '@epic/platform-api';
import useSWRMutation from 'swr/mutation';
import { toSessionUser, type SessionUser } from '../../../lib/auth/session-user';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';

/** `PUT /account/avatar`: the raw image as the body, its type as Content-Type; answers the profile. */
export async function uploadAvatar(file: File): Promise<SessionUser> {
	const answer: unknown = await directus.request(
		customEndpoint<unknown>({
			path: '/account/avatar',
			method: 'PUT',
			headers: { 'Content-Type': file.type },
			// The SDK's own body is a string or FormData; the file goes in as it is.
			onRequest: (init) => ({ ...init, body: file }),
		}),
	);
	return toSessionUser(parseAnswer(accountProfileSchema, answer, 'PUT /account/avatar'));
}

export const useUploadAvatar = () =>
	useSWRMutation('account/avatar/upload', (_key: string, { arg }: { arg: File }) => uploadAvatar(arg), {
		throwOnError: true,
	});
