import { customEndpoint, registerUser } from '@directus/sdk';
import { accountProfileSchema, type AccountLanguage, type AccountProfileUpdate } from '@epic/platform-api';
import { paths } from '../../config/paths';
import { directus } from '../directus';
import { parseAnswer } from '../parse-answer';
import type { PlanIntent } from '../plans/plan-intent';
import { splitFullName, toSessionUser, type SessionUser } from './session-user';

/**
 * Customers hold no read permission on users (on Directus's core tier any would expose every
 * user), so their own profile comes from the platform's `/account/me`, which checks ownership.
 */
export async function fetchSessionUser(): Promise<SessionUser> {
	const raw: unknown = await directus.request(customEndpoint({ path: '/account/me', method: 'GET' }));
	return toSessionUser(parseAnswer(accountProfileSchema, raw, 'GET /account/me'));
}

export async function signIn(email: string, password: string): Promise<void> {
	await directus.login({ email, password });
}

export async function signOut(): Promise<void> {
	await directus.logout();
}

/** Stops the SDK's background token refresh, for a session that ends without a logout call. */
export function stopSessionRefresh(): void {
	directus.stopRefreshing();
}

export type Registration = {
	/** Omitted when the verification email is sent again for an account that exists. */
	fullName?: string;
	email: string;
	password: string;
	/** The page's language: the account's emails are written in it. */
	language: AccountLanguage;
	/**
	 * A plan picked on the pricing cards before registering: the verification link carries it, so
	 * signing in afterwards opens onboarding with it. Directus checks the link's origin and path
	 * against `USER_REGISTER_URL_ALLOW_LIST` and keeps its query, adding the token.
	 */
	planIntent?: PlanIntent | null;
};

/**
 * Creates an unverified account; Directus mails a link to the portal's verify-email page. It
 * never signs the user in (docs/product.md, States, Registration). For an account that exists
 * but is not verified yet, Directus sends the verification email again.
 */
export async function registerAccount({ fullName, email, password, language, planIntent = null }: Registration): Promise<void> {
	// registerUser puts every option into the body; the server stores `language` with the account.
	const options = {
		...(fullName === undefined ? {} : splitFullName(fullName)),
		verification_url: `${window.location.origin}${paths.verifyEmail.getHref(planIntent)}`,
		language,
	};
	await directus.request(registerUser(email, password, options));
}

/** `PATCH /account/me`: the answer is the changed profile. */
export async function updateAccount(update: AccountProfileUpdate): Promise<SessionUser> {
	const raw: unknown = await directus.request(customEndpoint({ path: '/account/me', method: 'PATCH', body: JSON.stringify(update) }));
	return toSessionUser(parseAnswer(accountProfileSchema, raw, 'PATCH /account/me'));
}
