import { passwordReset } from '@directus/sdk';
import useSWRMutation from 'swr/mutation';
import { directus } from '../../../lib/directus';

export const resetPasswordKey = 'auth/password/reset';

export type ResetPasswordInput = { token: string; password: string };

export async function resetPassword({ token, password }: ResetPasswordInput): Promise<void> {
	await directus.request(passwordReset(token, password));
}

export function useResetPassword() {
	return useSWRMutation(resetPasswordKey, (_key: string, { arg }: { arg: ResetPasswordInput }) => resetPassword(arg), {
		throwOnError: true,
	});
}
