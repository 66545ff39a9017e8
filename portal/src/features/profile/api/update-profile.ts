import type { AccountProfileUpdate } from '@epic/platform-api';
import useSWRMutation from 'swr/mutation';
import { updateAccount } from '../../../lib/auth/session-api';

/** `PATCH /account/me`, fetched by `updateAccount` in lib/auth/session-api.ts: answers the changed profile. */
export const useUpdateProfile = () =>
	useSWRMutation('account/me/update', (_key: string, { arg }: { arg: AccountProfileUpdate }) => updateAccount(arg), {
		throwOnError: true,
	});
