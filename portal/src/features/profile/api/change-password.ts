import type { PasswordChangeRequest } from '@epic/platform-api';
import useSWRMutation from 'swr/mutation';
import { accountRequest } from './account-request';

/** `POST /account/password` (204): the current password is checked before the new one is set. */
export async function changePassword(request: PasswordChangeRequest): Promise<void> {
	await accountRequest('POST', '/password', request);
}

export const useChangePassword = () =>
	useSWRMutation('account/password', (_key: string, { arg }: { arg: PasswordChangeRequest }) => changePassword(arg), {
		throwOnError: true,
	});
