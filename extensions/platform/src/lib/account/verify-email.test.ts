import { ForbiddenError, InvalidPayloadError, InvalidTokenError, TokenExpiredError } from '@directus/errors';
import type { ApiExtensionContext } from '@directus/types';
import { describe, expect, it } from 'vitest';
import { verifyRegistrationEmail } from './verify-email.ts';

/** A context whose UsersService fails verification the way it is told to. */
function contextFailingWith(error: unknown) {
	class UsersService {
		async verifyRegistration(): Promise<string> {
			throw error;
		}
	}
	return {
		services: { UsersService },
		getSchema: async () => ({}),
	} as unknown as Pick<ApiExtensionContext, 'services' | 'getSchema'>;
}

const token = { token: 'a.b.c' };

describe('verifyRegistrationEmail', () => {
	it.each([
		['a forged token', new InvalidTokenError()],
		['an expired token', new TokenExpiredError()],
		['a token of another scope', new ForbiddenError()],
		['a user no longer waiting for verification', new InvalidPayloadError({ reason: 'Invalid verification code' })],
	])('reports %s as an invalid link', async (_name, error) => {
		await expect(verifyRegistrationEmail(contextFailingWith(error), token)).rejects.toMatchObject({
			code: 'INVALID_VERIFICATION_LINK',
			status: 400,
		});
	});

	it('passes a database outage through instead of calling the link invalid', async () => {
		const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
		await expect(verifyRegistrationEmail(contextFailingWith(outage), token)).rejects.toBe(outage);
	});

	it('refuses a missing token before asking Directus', async () => {
		await expect(verifyRegistrationEmail(contextFailingWith(new Error('must not be called')), {})).rejects.toMatchObject({
			code: 'INVALID_VERIFICATION_LINK',
		});
	});
});
