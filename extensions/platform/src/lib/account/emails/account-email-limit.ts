/**
 * Directus's own account emails (email verification and password reset) are limited per
 * recipient in the `email.send` filter, which every path to them passes: REST, GraphQL's
 * `auth_password_request` and `users_register`, and anything else that calls Directus's users
 * service. The per-address limits in front of the REST routes stop one client; this stops many
 * clients, or another path, from filling one inbox.
 *
 * Over the limit the send throws: Directus logs "Could not send … mail" and answers the caller
 * exactly as it would have (it never says whether a mail went), so the limit tells nothing about
 * which addresses have accounts.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { mailboxKey } from '../../email/mailbox-key.ts';

const LIMITED_TEMPLATES = new Set(['user-registration', 'password-reset']);

export class AccountEmailLimitError extends Error {
	constructor(template: string) {
		super(`A ${template} email was not sent: its recipient has had the most this hour allows (ACCOUNT_EMAILS_PER_RECIPIENT_PER_HOUR)`);
	}
}

export async function limitAccountEmail(limiter: RateLimiterAbstract, email: { to?: unknown; template?: { name: string } }): Promise<void> {
	const template = email.template?.name;
	if (!template || !LIMITED_TEMPLATES.has(template) || typeof email.to !== 'string') return;
	try {
		await limiter.consume(`${template}:${mailboxKey(email.to)}`);
	} catch (rejection) {
		if (rejection instanceof RateLimiterRes) throw new AccountEmailLimitError(template);
		throw rejection;
	}
}
