import { customEndpoint } from '@directus/sdk';
import useSWRImmutable from 'swr/immutable';
import { directus } from '../../../lib/directus';

export const confirmEmailChangeKey = (token: string) => ['account/email/confirm', token] as const;

/** `POST /account/email/confirm`: the token from the link sent to the new address; 204 when changed. */
export async function confirmEmailChange(token: string): Promise<true> {
	await directus.request(customEndpoint<null>({ path: '/account/email/confirm', method: 'POST', body: JSON.stringify({ token }) }));
	return true;
}

type ConfirmEmailChangeCallbacks = { onSuccess: () => void; onError: (error: unknown) => void };

/** Confirms once per token, without retries: the token is single-use, like a verification token. */
export function useConfirmEmailChange(token: string | null, { onSuccess, onError }: ConfirmEmailChangeCallbacks) {
	return useSWRImmutable(token ? confirmEmailChangeKey(token) : null, ([, value]) => confirmEmailChange(value), {
		shouldRetryOnError: false,
		onSuccess,
		onError,
	});
}
