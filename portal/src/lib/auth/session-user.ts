import { ACCOUNT_LANGUAGES, type AccountLanguage, type AccountProfile } from '@epic/platform-api';

/** The signed-in customer as the portal shows them (docs/product.md, Session and accounts). */
export type SessionUser = {
	id: string;
	email: string;
	firstName: string;
	lastName: string;
	/** First and last name joined, or the email when both are empty. */
	name: string;
	/**
	 * Directus file id of the avatar, when one is set. The image is served only to its owner
	 * (`GET /account/avatar`); the id changes with every upload.
	 */
	avatar: string | null;
	/** The language the customer's emails are written in; null until they chose one. */
	language: AccountLanguage | null;
	/** Directus's user status; a signed-in customer is `active` (verified, not locked). */
	status: string;
};

/** The fields `GET /account/me` (and every call that changes the profile) returns. */
export const SESSION_USER_FIELDS = ['id', 'email', 'first_name', 'last_name', 'language', 'avatar', 'status'] as const satisfies readonly (keyof AccountProfile)[];

type RawUser = Partial<Record<(typeof SESSION_USER_FIELDS)[number], unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const isAccountLanguage = (value: string): value is AccountLanguage => (ACCOUNT_LANGUAGES as readonly string[]).includes(value);

export function toSessionUser(raw: RawUser): SessionUser {
	const firstName = text(raw.first_name);
	const lastName = text(raw.last_name);
	const email = text(raw.email);
	const avatar = text(raw.avatar);
	const language = text(raw.language);
	return {
		id: text(raw.id),
		email,
		firstName,
		lastName,
		name: [firstName, lastName].filter(Boolean).join(' ') || email,
		avatar: avatar || null,
		language: isAccountLanguage(language) ? language : null,
		status: text(raw.status),
	};
}

/** Registration asks for one "full name"; Directus stores first and last name. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
	const trimmed = fullName.trim();
	const space = trimmed.indexOf(' ');
	if (space === -1) return { first_name: trimmed, last_name: '' };
	return { first_name: trimmed.slice(0, space), last_name: trimmed.slice(space + 1).trim() };
}
