import { customEndpoint } from '@directus/sdk';
import useSWRImmutable from 'swr/immutable';
import { directus } from '../../../lib/directus';

export const verifyEmailKey = (token: string) => ['account/verify-email', token] as const;

/**
 * The platform's own verification endpoint answers 204 or a JSON error; Directus's
 * GET /users/register/verify-email answers with redirects into Studio that a fetch cannot read.
 */
export async function verifyEmail(token: string): Promise<true> {
	await directus.request(customEndpoint<null>({ path: '/account/verify-email', method: 'POST', body: JSON.stringify({ token }) }));
	return true;
}

type VerifyEmailCallbacks = { onSuccess: () => void; onError: (error: unknown) => void };

/**
 * Verifies once per token. Immutable and without retries because a token is
 * single-use: a second call would fail even after the first succeeded.
 */
export function useVerifyEmail(token: string | null, { onSuccess, onError }: VerifyEmailCallbacks) {
	return useSWRImmutable(token ? verifyEmailKey(token) : null, ([, value]) => verifyEmail(value), {
		shouldRetryOnError: false,
		onSuccess,
		onError,
	});
}
