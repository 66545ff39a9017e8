import type { ApiExtensionContext } from '@directus/types';
import { z } from 'zod';
import { InvalidVerificationLinkError } from '../errors.ts';
import { isBadVerificationToken } from './verification-token-errors.ts';

type ServiceContext = Pick<ApiExtensionContext, 'services' | 'getSchema'>;

const TokenSchema = z.object({ token: z.string().trim().min(1).max(4096) });

/**
 * Completes a registration from the token in the verification email. Directus's own
 * `GET /users/register/verify-email` answers with redirects into Studio (and redirects a malformed
 * token to the Studio login page, which a browser fetch cannot tell from success), so the portal
 * verifies here and gets a plain yes or a clear error.
 */
export async function verifyRegistrationEmail(context: ServiceContext, body: unknown): Promise<void> {
	const parsed = TokenSchema.safeParse(body);
	if (!parsed.success) throw new InvalidVerificationLinkError();
	const { UsersService } = context.services;
	const users = new UsersService({ schema: await context.getSchema() });
	try {
		await users.verifyRegistration(parsed.data.token);
	} catch (error) {
		// Expired, already used and forged tokens all mean the same to the customer. Anything else
		// (the database down, say) is our failure, and telling the customer to register again
		// would send them away from an account that exists.
		if (isBadVerificationToken(error)) throw new InvalidVerificationLinkError();
		throw error;
	}
}
