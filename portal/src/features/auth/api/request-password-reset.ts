import { passwordRequest } from '@directus/sdk';
import useSWRMutation from 'swr/mutation';
import { paths } from '../../../config/paths';
import { directus } from '../../../lib/directus';

export const requestPasswordResetKey = 'auth/password/request';

/** Asks Directus to mail a reset link pointing at the portal's reset page. */
export async function requestPasswordReset(email: string): Promise<void> {
	await directus.request(passwordRequest(email, `${window.location.origin}${paths.resetPassword.getHref()}`));
}

export function useRequestPasswordReset() {
	return useSWRMutation(requestPasswordResetKey, (_key: string, { arg }: { arg: string }) => requestPasswordReset(arg), {
		throwOnError: true,
	});
}
