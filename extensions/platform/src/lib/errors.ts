/**
 * Every error the platform's endpoints answer with, made with Directus's own `createError` so the
 * API's error handler renders them like its own: `{ errors: [{ message, extensions: { code } }] }`.
 */
import { createError } from '@directus/errors';

export const NotAuthenticatedError = createError('NOT_AUTHENTICATED', 'User not authenticated', 401);
export const ProfileNotFoundError = createError('PROFILE_NOT_FOUND', 'Your account no longer exists', 404);
export const InvalidVerificationLinkError = createError(
	'INVALID_VERIFICATION_LINK',
	'This verification link is invalid or has expired. Please register again.',
	400,
);
