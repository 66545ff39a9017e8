/** Sends an account email in the recipient's language. */
import { emailLanguageOf } from '../../email/email-language.ts';
import { renderEmail } from '../../email/render-email.ts';
import { sendEmail, type MailContext } from '../../email/send-email.ts';
import { accountEmailCopy, type AccountEmail } from './account-email-copy.ts';

export async function sendAccountEmail(context: MailContext, to: string, language: string | null | undefined, email: AccountEmail): Promise<void> {
	await sendEmail(context, to, renderEmail(accountEmailCopy(emailLanguageOf(language), email)));
}
