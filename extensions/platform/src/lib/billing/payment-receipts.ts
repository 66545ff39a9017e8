/**
 * A receipt for each payment, from either provider, owed when its `invoice.paid` event is processed
 * and delivered by the outbox once per invoice (`receipt:{invoice}`), to the customer whose billing
 * profile the invoice names, in their language.
 */
import type { BillingContext } from './billing-context.ts';
import type { BillingProvider } from './billing-provider.ts';
import { findPaymentProfile } from './payment-profiles.ts';
import { receiptEmailCopy } from './receipt-email-copy.ts';
import { emailLanguageOf, formatEmailDate, formatEmailMoney } from '../email/email-language.ts';
import { renderEmail } from '../email/render-email.ts';
import type { OwedEffect } from '../coordination/customer-effects.ts';

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'database'>;

/** Null when the provider or the platform knows no customer to send it to; throws what reading them throws. */
export async function paymentReceipt(context: Context, provider: BillingProvider, invoiceId: string, portalUrl: string): Promise<OwedEffect | null> {
	const payment = await provider.retrievePayment(invoiceId);
	if (!payment) return null;
	const profile = await findPaymentProfile(context, { customerId: payment.customerId });
	if (!profile) return null;
	const users = new context.services.UsersService({ schema: await context.getSchema() });
	const [user] = (await users.readByQuery({ fields: ['email', 'language'], filter: { id: { _eq: profile.user } }, limit: 1 })) as {
		email: string;
		language: string | null;
	}[];
	if (!user) return null;
	const language = emailLanguageOf(user.language);
	const period = payment.periodStart && payment.periodEnd ? `${formatEmailDate(language, payment.periodStart)} – ${formatEmailDate(language, payment.periodEnd)}` : null;
	const copy = receiptEmailCopy(language, {
		amount: formatEmailMoney(language, payment.amountCents, payment.currency),
		date: formatEmailDate(language, payment.paidAt),
		description: payment.description,
		period,
		number: payment.id,
	});
	const email = renderEmail({ subject: copy.subject, paragraphs: copy.paragraphs, action: { label: copy.action, url: `${portalUrl}/payments` } });
	return { key: `receipt:${invoiceId}`, effect: { type: 'email', user: profile.user, to: user.email, email } };
}
