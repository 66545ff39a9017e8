/**
 * A receipt for each payment, from either provider: sent when its `invoice.paid` event is
 * processed (once per event: the pipeline claims each event once), to the customer whose billing
 * profile the invoice names, in their language. A failed send is logged; the payment stands.
 */
import type { BillingContext } from './billing-context.ts';
import type { BillingProvider } from './billing-provider.ts';
import { findPaymentProfile } from './payment-profiles.ts';
import { receiptEmailCopy } from './receipt-email-copy.ts';
import { emailLanguageOf, formatEmailDate, formatEmailMoney } from '../email/email-language.ts';
import { renderEmail } from '../email/render-email.ts';
import { sendEmail } from '../email/send-email.ts';

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'database' | 'logger'>;

export async function sendPaymentReceipt(context: Context, provider: BillingProvider, invoiceId: string, portalUrl: string): Promise<void> {
	try {
		const payment = await provider.retrievePayment(invoiceId);
		if (!payment) return;
		const profile = await findPaymentProfile(context, { customerId: payment.customerId });
		if (!profile) return;
		const users = new context.services.UsersService({ schema: await context.getSchema() });
		const [user] = (await users.readByQuery({ fields: ['email', 'language'], filter: { id: { _eq: profile.user } }, limit: 1 })) as {
			email: string;
			language: string | null;
		}[];
		if (!user) return;
		const language = emailLanguageOf(user.language);
		const period = payment.periodStart && payment.periodEnd ? `${formatEmailDate(language, payment.periodStart)} – ${formatEmailDate(language, payment.periodEnd)}` : null;
		const copy = receiptEmailCopy(language, {
			amount: formatEmailMoney(language, payment.amountCents, payment.currency),
			date: formatEmailDate(language, payment.paidAt),
			description: payment.description,
			period,
			number: payment.id,
		});
		await sendEmail(context, user.email, renderEmail({ subject: copy.subject, paragraphs: copy.paragraphs, action: { label: copy.action, url: `${portalUrl}/payments` } }));
	} catch (error) {
		context.logger.error(`Receipt for invoice ${invoiceId} failed: ${(error as Error).message}`);
	}
}
