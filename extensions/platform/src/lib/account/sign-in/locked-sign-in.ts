/**
 * The sign-in lock where every password sign-in passes. Directus's `auth.login` filter runs inside
 * `AuthenticationService.login`, which REST `/auth/login`, GraphQL's `auth_login` and the websocket
 * `auth` message all call, so a locked address signs in through none of them.
 *
 * The REST route answers `ACCOUNT_LOCKED` before this (sign-in-guard.ts), for addresses with and
 * without an account alike. The other paths reach this filter only for an address that has an
 * account (for the others Directus answers `INVALID_CREDENTIALS` before any filter runs), so here
 * a locked address gets that same answer: anything else would tell which addresses have accounts.
 */
import { InvalidCredentialsError } from '@directus/errors';
import type { SignInLock } from './sign-in-lock.ts';

export async function refuseLockedSignIn(lock: SignInLock, email: unknown): Promise<void> {
	if (await lock.isLocked(email)) throw new InvalidCredentialsError();
}
