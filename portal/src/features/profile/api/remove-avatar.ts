import { accountProfileSchema } from '@epic/platform-api';
import useSWRMutation from 'swr/mutation';
import { fetchSessionUser } from '../../../lib/auth/session-api';
import { toSessionUser, type SessionUser } from '../../../lib/auth/session-user';
import { accountRequest } from './account-request';

/** `DELETE /account/avatar`; reads the profile again when the answer carries none. */
export async function removeAvatar(): Promise<SessionUser> {
	const profile = accountProfileSchema.safeParse(await accountRequest('DELETE', '/avatar'));
	return profile.success ? toSessionUser(profile.data) : fetchSessionUser();
}

export const useRemoveAvatar = () => useSWRMutation('account/avatar/remove', () => removeAvatar(), { throwOnError: true });
