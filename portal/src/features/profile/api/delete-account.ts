import type { AccountDeletionRequest } from '@epic/platform-api';
import useSWRMutation from 'swr/mutation';
import { accountRequest } from './account-request';

/** `DELETE /account/me` (204): the password confirms that the owner asks. */
export async function deleteAccount(request: AccountDeletionRequest): Promise<void> {
	await accountRequest('DELETE', '/me', request);
}

export const useDeleteAccount = () =>
	useSWRMutation('account/me/delete', (_key: string, { arg }: { arg: AccountDeletionRequest }) => deleteAccount(arg), {
		throwOnError: true,
	});
