/**
 * `POST /contact` (docs/product.md, Contact API): the message is checked, stored in
 * `contact_messages` (staff read them in Studio) and only then mailed: to support, with the
 * sender's address to reply to, and one to the sender: their words only when they are signed in
 * and wrote from their own address, else a receipt without them (contact-email-copy.ts). A failed
 * email is logged and does not lose the message: it is stored already. Those emails go to an
 * address the sender typed, so each mailbox (`+tags` folded) receives only a few a day.
 */
import type { ApiExtensionContext } from '@directus/types';
import type { ContactMessageReceipt } from '@epic/platform-api';
import { RequestsExceededError } from '../errors.ts';
import { renderEmail } from '../email/render-email.ts';
import { mailboxKey } from '../email/mailbox-key.ts';
import { sendEmail } from '../email/send-email.ts';
import type { EmailLanguage } from '../email/email-language.ts';
import { parseInput } from '../http/parse-input.ts';
import { consumePoint } from '../http/rate-limits/limit-per-address.ts';
import { senderCopy, supportNotice } from './contact-email-copy.ts';
import { ContactMessageSchema, type ContactMessageInput } from './contact-input.ts';
import type { ContactServices } from './contact-services.ts';

type Context = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'logger'>;

export interface ContactSender {
	/** The signed-in customer, if any. */
	userId: string | null;
	language: EmailLanguage;
}

export async function submitContactMessage(context: Context, runtime: ContactServices, sender: ContactSender, body: unknown): Promise<ContactMessageReceipt> {
	const input = parseInput(ContactMessageSchema, body);
	if ((await consumePoint(runtime.copiesPerRecipient, mailboxKey(input.email))) !== null) throw new RequestsExceededError();

	const schema = await context.getSchema();
	const messages = new context.services.ItemsService('contact_messages', { schema });
	const id = String(await messages.createOne({ ...input, user: sender.userId, language: sender.language }));
	context.logger.info(`Contact message ${id} received`);

	void mailContactMessage(context, runtime, sender, input).catch((error: Error) =>
		context.logger.error(`Emails for contact message ${id} failed (the message is stored): ${error.message}`),
	);
	return { id };
}

async function mailContactMessage(context: Context, runtime: ContactServices, sender: ContactSender, input: ContactMessageInput): Promise<void> {
	let signedInAs: string | null = null;
	if (sender.userId) {
		const users = new context.services.UsersService({ schema: await context.getSchema() });
		const [user] = (await users.readByQuery({ fields: ['email'], filter: { id: { _eq: sender.userId } }, limit: 1 })) as { email: string }[];
		signedInAs = user?.email ?? null;
	}
	await sendEmail(context, runtime.config.SUPPORT_EMAIL, renderEmail(supportNotice(input, signedInAs)), input.email);
	const ownAddress = signedInAs !== null && signedInAs.toLowerCase() === input.email.toLowerCase();
	await sendEmail(context, input.email, renderEmail(senderCopy(sender.language, input, ownAddress)));
}
