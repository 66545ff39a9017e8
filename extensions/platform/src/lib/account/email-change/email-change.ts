/**
 * Changing the email (docs/product.md, Profile): the password is checked, then a link goes to the
 * new address and the old one stays until the link is followed. The answer never says whether the
 * new address is taken: it is the same 202 either way, given before any email is sent, and the
 * owner of a taken address gets a notice instead of a link.
 */
import type { ApiExtensionContext } from '@directus/types';
import { PASSWORD_MAX_LENGTH } from '@epic/platform-api';
import { z } from 'zod';
import { InvalidEmailChangeLinkError, InvalidPayloadError, RequestsExceededError } from '../../errors.ts';
import { consumePoint } from '../../http/rate-limits/limit-per-address.ts';
import { parseInput } from '../../http/parse-input.ts';
import type { AccountServices } from '../account-services.ts';
import { sendAccountEmail } from '../emails/send-account-email.ts';
import { checkCurrentPassword } from '../password/current-password.ts';
import { readOwnProfile } from '../profile.ts';
import { signEmailChange, verifyEmailChange } from './email-change-token.ts';

type Context = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'database' | 'logger'>;

const EmailChangeSchema = z
	.object({
		email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
		password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
		confirmation_url: z.string().url().max(2048).optional(),
	})
	.strict();

const ConfirmSchema = z.object({ token: z.string().trim().min(1).max(4096) }).strict();

async function userByEmail(context: Context, email: string): Promise<{ id: string; email: string; language: string | null } | undefined> {
	return (await context.database('directus_users').select('id', 'email', 'language').whereRaw('LOWER(??) = ?', ['email', email.toLowerCase()]).first()) as
		{ id: string; email: string; language: string | null } | undefined;
}

export async function requestEmailChange(context: Context, account: AccountServices, userId: string, body: unknown): Promise<void> {
	const input = parseInput(EmailChangeSchema, body);
	const portal = account.config.PUBLIC_URL.replace(/\/$/, '');
	const confirmationUrl = `${portal}/confirm-email`;
	if (input.confirmation_url !== undefined && input.confirmation_url !== confirmationUrl) {
		throw new InvalidPayloadError({ reason: `confirmation_url: must be ${confirmationUrl}` });
	}
	const profile = await readOwnProfile(context, userId);
	if (input.email === profile.email.toLowerCase()) throw new InvalidPayloadError({ reason: 'email: this is already your email address' });
	if ((await consumePoint(account.emailChangeRequests, userId)) !== null) throw new RequestsExceededError();
	await checkCurrentPassword(context, account.signInLock, profile, input.password);

	// Answered before anything is looked up or sent, so neither the content nor the time of the
	// answer depends on whether the address is taken.
	void sendEmailChangeMail(context, account, profile, input.email, confirmationUrl).catch((error: Error) =>
		context.logger.error(`Email change mail for user ${userId} failed: ${error.message}`),
	);
}

async function sendEmailChangeMail(
	context: Context,
	account: AccountServices,
	profile: { id: string; email: string; language: string | null },
	to: string,
	confirmationUrl: string,
): Promise<void> {
	const owner = await userByEmail(context, to);
	const portal = account.config.PUBLIC_URL.replace(/\/$/, '');
	if (owner) {
		await sendAccountEmail(context, owner.email, owner.language, { kind: 'email_taken', url: `${portal}/auth` });
		return;
	}
	const token = signEmailChange(account.config.SECRET, { user: profile.id, from: profile.email.toLowerCase(), to });
	const url = `${confirmationUrl}?token=${encodeURIComponent(token)}`;
	await sendAccountEmail(context, to, profile.language, { kind: 'confirm_email_change', url, email: to });
}

/** `POST /account/email/confirm`: needs no session, the link may be opened on another device. */
export async function confirmEmailChange(context: Context, account: AccountServices, body: unknown): Promise<void> {
	const { token } = parseInput(ConfirmSchema, body);
	const change = verifyEmailChange(account.config.SECRET, token);
	const user = (await context.database('directus_users').select('id', 'email', 'language').where({ id: change.user }).first()) as
		{ id: string; email: string; language: string | null } | undefined;
	// Used already, or the email changed since the link was sent, or the account is gone.
	if (!user || user.email.toLowerCase() !== change.from) throw new InvalidEmailChangeLinkError();
	// Someone registered the address after the link was sent: the link can no longer work.
	if (await userByEmail(context, change.to)) throw new InvalidEmailChangeLinkError();
	const users = new context.services.UsersService({ schema: await context.getSchema() });
	await users.updateOne(user.id, { email: change.to });
	void sendAccountEmail(context, user.email, user.language, { kind: 'email_changed', email: change.to, support: account.config.SUPPORT_EMAIL }).catch((error: Error) =>
		context.logger.error(`Email-changed notice for user ${user.id} failed: ${error.message}`),
	);
}
