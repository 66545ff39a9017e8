/** Sends one of our rendered emails over the SMTP transport Directus is configured with. */
import type { ApiExtensionContext } from '@directus/types';
import type { RenderedEmail } from './render-email.ts';

export type MailContext = Pick<ApiExtensionContext, 'services' | 'getSchema'>;

/** `replyTo`: where an answer goes, when not to the platform (the contact form's sender). */
export async function sendEmail(context: MailContext, to: string, email: RenderedEmail, replyTo?: string): Promise<void> {
	const mail = new context.services.MailService({ schema: await context.getSchema() });
	await mail.send({ to, subject: email.subject, text: email.text, html: email.html, ...(replyTo ? { replyTo } : {}) });
}
