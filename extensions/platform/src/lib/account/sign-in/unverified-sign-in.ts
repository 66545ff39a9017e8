/**
 * Directus answers "Invalid user credentials" to a user who has not verified their email yet,
 * without looking at the password. When the password is right we say what is wrong instead, so
 * the portal can offer a new verification email (docs/product.md, Session). A wrong password still
 * gets Directus's answer, so this tells nothing to someone who does not know the password.
 */
import type { ApiExtensionContext } from '@directus/types';
import { EmailNotVerifiedError } from '../../errors.ts';

type SignInContext = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'database'>;

export async function refuseUnverifiedSignIn(context: SignInContext, userId: string | undefined, password: unknown): Promise<void> {
	if (!userId || typeof password !== 'string') return;
	const user = (await context.database('directus_users').select('status').where({ id: userId }).first()) as { status: string } | undefined;
	if (user?.status !== 'unverified') return;
	const authentication = new context.services.AuthenticationService({ schema: await context.getSchema(), knex: context.database });
	const passwordIsRight = await authentication.verifyPassword(userId, password).then(
		() => true,
		() => false,
	);
	if (passwordIsRight) throw new EmailNotVerifiedError();
}
