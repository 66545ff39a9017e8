/**
 * The account rules around Directus's own user, sign-in and email code (docs/access-model.md,
 * The account): the password policy on every password written, the registration language, our
 * emails in place of Directus's templates, the unverified-user answer, the sign-in lock and the
 * per-address limits, and Directus's utilities, two-factor set-up and page tracking closed to
 * customers.
 */
import { isDirectusError } from '@directus/errors';
import { defineHook } from '@directus/extensions-sdk';
import type { Express } from 'express';
import { limitAccountEmail } from '../../lib/account/emails/account-email-limit.ts';
import { rewriteDirectusEmail } from '../../lib/account/emails/directus-email-rewrite.ts';
import { checkPasswordPolicy } from '../../lib/account/password/password-policy.ts';
import { holdRegistrationLanguage, registrationLanguage } from '../../lib/account/registration/registration-language.ts';
import { hideStudioRegistrationLink } from '../../lib/account/registration/studio-registration-link.ts';
import { refuseLockedSignIn } from '../../lib/account/sign-in/locked-sign-in.ts';
import { signInGuard } from '../../lib/account/sign-in/sign-in-guard.ts';
import { refuseUnverifiedSignIn } from '../../lib/account/sign-in/unverified-sign-in.ts';
import { limitPerAddress } from '../../lib/http/rate-limits/limit-per-address.ts';
import { graphqlStaffOnlyFields } from '../../lib/http/graphql-staff-only.ts';
import { staffOnly } from '../../lib/http/staff-only.ts';
import { platformServices } from '../../lib/platform-services.ts';

type UserPayload = Record<string, unknown>;
type LoginPayload = { email?: unknown; password?: unknown };

const checkPasswordOf = (payload: UserPayload) => {
	if (typeof payload['password'] === 'string') checkPasswordPolicy(payload['password']);
};

export default defineHook(({ filter, action, init }, context) => {
	const services = platformServices(context);
	const account = () => services.account;

	filter('users.create', (payload) => {
		const user = payload as UserPayload;
		checkPasswordOf(user);
		const language = registrationLanguage();
		if (language && user['status'] === 'unverified' && !user['language']) user['language'] = language;
		return user;
	});

	filter('users.update', (payload) => {
		checkPasswordOf(payload as UserPayload);
		return payload;
	});

	filter('email.send', async (payload) => {
		const email = payload as Parameters<typeof rewriteDirectusEmail>[1];
		await limitAccountEmail(account().accountEmailsPerRecipient, email);
		return rewriteDirectusEmail(context.database, email);
	});

	// Every password sign-in passes here (REST, GraphQL, websockets): the lock holds on each.
	filter('auth.login', async (payload, meta) => {
		const login = payload as LoginPayload;
		await refuseLockedSignIn(account().signInLock, login.email);
		await refuseUnverifiedSignIn(context, meta['user'] as string | undefined, login.password);
		return payload;
	});

	action('auth.login', ({ payload, status, error }) => {
		const email = (payload as LoginPayload | undefined)?.email;
		const { signInLock } = account();
		const recorded =
			status === 'success'
				? signInLock.recordSuccess(email)
				: status === 'fail' && isDirectusError(error, 'INVALID_CREDENTIALS')
					? signInLock.recordFailure(email)
					: Promise.resolve();
		recorded.catch((failure: Error) => context.logger.error(`Sign-in lock counter: ${failure.message}`));
	});

	init('routes.before', (meta) => {
		const app = meta['app'] as Express;
		app.post('/auth/login', signInGuard(account));
		app.post(
			'/auth/password/request',
			limitPerAddress(() => account().passwordResetRequests),
		);
		app.post(
			'/users/register',
			limitPerAddress(() => account().registrationRequests),
			holdRegistrationLanguage,
		);
		app.use('/server/info', hideStudioRegistrationLink);
		app.use('/utils', staffOnly);
		// Two-factor set-up checks the password outside the sign-in lock (a guessing route for a
		// stolen token) and, once on, locks the customer out of a portal that asks for no code;
		// page tracking is Studio's.
		app.use('/users/me/tfa', staffOnly);
		app.use('/users/me/track', staffOnly);
		// GraphQL offers the same tools as mutations (`utils_*`, `users_me_tfa_*`): closed alike.
		app.use('/graphql/system', graphqlStaffOnlyFields);
	});
});
