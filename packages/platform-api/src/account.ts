/**
 * The account API (`/account/*`) as the bundle answers it and the portal reads it
 * (docs/access-model.md, docs/product.md, Profile).
 */

import { z } from 'zod';

/** Languages the portal and our emails are written in. */
export const ACCOUNT_LANGUAGES = ['en', 'es', 'ru'] as const;
export const accountLanguageSchema = z.enum(ACCOUNT_LANGUAGES);
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

/**
 * `GET /account/me`, and the answer of every call that changes the profile. Only the id and the
 * email must be there: any other field the portal cannot read counts as not set (`catch`), so a
 * profile field never keeps a customer from signing in.
 */
export const accountProfileSchema = z.object({
	id: z.string(),
	email: z.string(),
	first_name: z.string().nullable().catch(null),
	last_name: z.string().nullable().catch(null),
	/** Null until the user has chosen one (emails then go out in English). */
	language: accountLanguageSchema.nullable().catch(null),
	/**
	 * Id of the avatar file, or null. The image itself is served only to its owner, by
	 * `GET /account/avatar?size=…`; the id changes with every upload, so it also busts caches.
	 */
	avatar: z.string().nullable().catch(null),
	/** Directus's user status: a signed-in customer is `active` (verified and not locked). */
	status: z.string().catch(''),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** `PATCH /account/me`: the only fields a customer may change directly. */
export interface AccountProfileUpdate {
	first_name?: string;
	last_name?: string;
	language?: AccountLanguage;
}

/**
 * `POST /account/email`: starts an email change. Answers 202 whether or not the address is free;
 * the confirmation link goes to the new address (`POST /account/email/confirm` with its token).
 */
export interface EmailChangeRequest {
	email: string;
	password: string;
	/** Portal page the link opens; must be the portal's `/confirm-email`. */
	confirmation_url?: string;
}

/** `POST /account/password`: the current password is checked before the new one is set. */
export interface PasswordChangeRequest {
	current_password: string;
	new_password: string;
}

/** `DELETE /account/me`: the password confirms that the account's owner asks. */
export interface AccountDeletionRequest {
	password: string;
}

/** Sizes (CSS pixels × 2 for high-density screens) `GET /account/avatar?size=` serves. */
export const AVATAR_SIZES = [64, 256] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** Largest avatar upload the server accepts (`PUT /account/avatar`, raw image bytes as the body). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Shortest password the server accepts (docs/product.md, Validation messages). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest: hashing is costly, so very long inputs are refused before they reach argon2. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Error codes (`errors[0].extensions.code`) the account and sign-in routes answer with. The portal
 * shows each in the page's language; the server's English message is its fallback.
 */
export const ACCOUNT_ERROR_CODES = [
	// Directus's own
	'INVALID_CREDENTIALS',
	'INVALID_PAYLOAD',
	'INVALID_TOKEN',
	'TOKEN_EXPIRED',
	'REQUESTS_EXCEEDED',
	'USER_SUSPENDED',
	// ours
	'NOT_AUTHENTICATED',
	'EMAIL_NOT_VERIFIED',
	'ACCOUNT_LOCKED',
	'PASSWORD_TOO_SHORT',
	'PASSWORD_TOO_LONG',
	'PASSWORD_TOO_COMMON',
	'WRONG_PASSWORD',
	'INVALID_EMAIL_CHANGE_LINK',
	'INVALID_VERIFICATION_LINK',
	'AVATAR_EMPTY',
	'AVATAR_TOO_LARGE',
	'AVATAR_INVALID_TYPE',
	'AVATAR_NOT_FOUND',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];
