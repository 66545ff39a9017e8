/**
 * `DELETE /account/me` (docs/product.md, Profile; docs/access-model.md, Account deletion). After the
 * password check, in this order: billing ends (subscriptions cancelled with the provider at once,
 * the provider forgets the customer, our billing rows lose their link to the person), projects are
 * torn down, the person's contact-form messages go, the avatar file goes, Directus's traces of the
 * person go (sessions end with them), the user row goes, and a confirmation email is sent to the
 * address the account had. Every step can
 * run again, so a deletion that fails half-way (the provider unreachable, say) is finished by
 * asking again; the user row, which the password check needs, goes last.
 *
 * What stays is what the books require: subscription rows (plan, period, status, the provider's
 * subscription id) and invoices, with no user, email or name.
 */
import type { ApiExtensionContext } from '@directus/types';
import { PASSWORD_MAX_LENGTH } from '@epic/platform-api';
import { z } from 'zod';
import { forgetContactMessagesOf } from '../../contact/forget-contact-messages.ts';
import { parseInput } from '../../http/parse-input.ts';
import type { AccountServices } from '../account-services.ts';
import { sendAccountEmail } from '../emails/send-account-email.ts';
import { checkCurrentPassword } from '../password/current-password.ts';
import { readOwnProfile } from '../profile.ts';
import { erasePersonalTraces } from './erase-personal-traces.ts';

type Context = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'database' | 'logger'>;

/** Billing's part, given by the caller so account code does not reach into billing's set-up. */
export interface AccountBilling {
	closeAccount(userId: string): Promise<void>;
}

/** The projects' part: every project of the account torn down (instance, data, row); their ids. */
export interface AccountProjects {
	tearDownProjectsOf(userId: string): Promise<string[]>;
}

export interface AccountDeletionDependencies {
	account: AccountServices;
	billing: AccountBilling;
	projects: AccountProjects;
}

const DeletionSchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }).strict();

export async function deleteAccount(context: Context, dependencies: AccountDeletionDependencies, userId: string, body: unknown): Promise<void> {
	const { password } = parseInput(DeletionSchema, body);
	const profile = await readOwnProfile(context, userId);
	await checkCurrentPassword(context, dependencies.account.signInLock, profile, password);

	await dependencies.billing.closeAccount(userId);
	const projects = await dependencies.projects.tearDownProjectsOf(userId);
	const contactMessages = await forgetContactMessagesOf(context.database, userId, profile.email);
	if (profile.avatar) {
		const files = new context.services.FilesService({ schema: await context.getSchema() });
		await files.deleteOne(profile.avatar);
	}
	await erasePersonalTraces(context.database, userId, [
		{ collection: 'projects', ids: projects },
		{ collection: 'contact_messages', ids: contactMessages },
		{ collection: 'directus_files', ids: profile.avatar ? [profile.avatar] : [] },
	]);
	const users = new context.services.UsersService({ schema: await context.getSchema() });
	await users.deleteOne(userId);
	context.logger.info(`Account ${userId} deleted at its owner's request`);

	void sendAccountEmail(context, profile.email, profile.language, { kind: 'account_deleted', support: dependencies.account.config.SUPPORT_EMAIL }).catch((error: Error) =>
		context.logger.error(`Account-deleted email for ${userId} failed: ${error.message}`),
	);
}
