/**
 * Which failures of Directus's `UsersService.verifyRegistration` mean "this link is no good", as
 * it raises them in 12.4: a token that fails the JWT check (forged, malformed) or has expired, a
 * token of another scope, and a token whose user is no longer waiting for verification (already
 * verified, or deleted).
 */
import { isDirectusError } from '@directus/errors';

const BAD_TOKEN_CODES = ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'FORBIDDEN', 'INVALID_PAYLOAD'] as const;

export function isBadVerificationToken(error: unknown): boolean {
	return BAD_TOKEN_CODES.some((code) => isDirectusError(error, code));
}
