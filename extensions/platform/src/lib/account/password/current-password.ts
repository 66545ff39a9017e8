/**
 * Changing the password or the email and deleting the account ask for the current password: a
 * stolen access token alone must not take the account over. Wrong guesses count towards the same
 * lock as failed sign-ins of the address.
 */
import { isDirectusError } from '@directus/errors';
import type { ApiExtensionContext } from '@directus/types';
import { WrongPasswordError } from '../../errors.ts';
import type { SignInLock } from '../sign-in/sign-in-lock.ts';

type Context = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'database'>;

export async function checkCurrentPassword(context: Context, lock: SignInLock, user: { id: string; email: string }, password: string): Promise<void> {
	await lock.assertOpen(user.email);
	const authentication = new context.services.AuthenticationService({ schema: await context.getSchema(), knex: context.database });
	try {
		await authentication.verifyPassword(user.id, password);
	} catch (error) {
		if (!isDirectusError(error, 'INVALID_CREDENTIALS')) throw error;
		await lock.recordFailure(user.email);
		throw new WrongPasswordError();
	}
}
