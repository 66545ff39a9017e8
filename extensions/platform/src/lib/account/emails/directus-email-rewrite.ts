/**
 * Directus sends the verification and password-reset emails itself, from its own English
 * templates. This `email.send` filter swaps them for ours (product name, the user's language, HTML
 * and plain text) while keeping Directus's link, which carries its token. Directus renders the
 * `html` of the object it passed in, so the payload is changed in place.
 */
import type { Knex } from 'knex';
import { renderEmail } from '../../email/render-email.ts';
import { emailLanguageOf } from '../../email/email-language.ts';
import { accountEmailCopy } from './account-email-copy.ts';

interface DirectusEmail {
	to?: unknown;
	subject?: string;
	html?: string;
	text?: string;
	template?: { name: string; data: Record<string, unknown> };
}

const OURS = { 'user-registration': 'verify_email', 'password-reset': 'reset_password' } as const;

const isOurs = (name: string): name is keyof typeof OURS => Object.hasOwn(OURS, name);

export async function rewriteDirectusEmail(database: Knex, email: DirectusEmail): Promise<DirectusEmail> {
	const name = email.template?.name;
	const url = email.template?.data['url'];
	if (!name || !isOurs(name) || typeof url !== 'string' || typeof email.to !== 'string') return email;
	const user = (await database('directus_users').select('language').whereRaw('LOWER(??) = ?', ['email', email.to.toLowerCase()]).first()) as
		{ language: string | null } | undefined;
	const rendered = renderEmail(accountEmailCopy(emailLanguageOf(user?.language), { kind: OURS[name], url }));
	delete email.template;
	email.subject = rendered.subject;
	email.html = rendered.html;
	email.text = rendered.text;
	return email;
}
