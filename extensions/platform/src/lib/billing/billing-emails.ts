/**
 * The billing email a subscription change calls for, in the customer's language. It only tells of
 * the change (the provider's truth); the outbox delivers it (lib/billing/billing-effects.ts).
 */
import type { BillingContext } from './billing-context.ts';
import { billingEmailCopy, type BillingEmailKind } from './billing-email-copy.ts';
import { emailLanguageOf, formatEmailDate } from '../email/email-language.ts';
import { renderEmail, type RenderedEmail } from '../email/render-email.ts';
import { parsePlanTranslations } from '../plans/plan-translations.ts';
import type { MirrorChange } from './subscription-mirror.ts';

const ENDED = ['unpaid', 'canceled'];

/** Which email a change calls for, if any. */
export function billingEmailFor(change: MirrorChange): BillingEmailKind | null {
	const { before, after } = change;
	if (!before) return null;
	if (after.status === 'past_due' && before.status !== 'past_due') return 'payment_failed';
	if (ENDED.includes(after.status) && !ENDED.includes(before.status)) return 'ended';
	if (Boolean(after.cancel_at_period_end) && !before.cancel_at_period_end && !ENDED.includes(after.status)) return 'canceling';
	if (!after.cancel_at_period_end && Boolean(before.cancel_at_period_end) && !ENDED.includes(after.status)) return 'reactivated';
	return null;
}

const ACTION_PATH: Record<BillingEmailKind, string> = {
	payment_failed: '/payments',
	canceling: '/subscription',
	reactivated: '/subscription',
	ended: '/subscription',
};

/**
 * The email a change calls for, rendered for its customer in their language; null when it calls for
 * none or names no customer. Throws what reading the customer or the plan throws.
 */
export async function billingEmail(
	context: Pick<BillingContext, 'services' | 'getSchema'>,
	change: MirrorChange,
	portalUrl: string,
): Promise<{ to: string; email: RenderedEmail } | null> {
	const kind = billingEmailFor(change);
	if (!kind || !change.after.user) return null;
	const schema = await context.getSchema();
	const users = new context.services.UsersService({ schema });
	const [user] = (await users.readByQuery({ fields: ['email', 'language'], filter: { id: { _eq: change.after.user } }, limit: 1 })) as {
		email: string;
		language: string | null;
	}[];
	if (!user) return null;
	const plans = new context.services.ItemsService('subscription_plans', { schema });
	const [plan] = change.after.plan
		? ((await plans.readByQuery({ fields: ['name', 'translations'], filter: { id: { _eq: change.after.plan } }, limit: 1 })) as {
				name: string;
				translations: unknown;
			}[])
		: [];
	const language = emailLanguageOf(user.language);
	const planName = (language === 'en' ? undefined : parsePlanTranslations(plan?.translations)[language]?.name) ?? plan?.name ?? change.after.plan ?? '';
	const end = change.after.current_period_end ? new Date(change.after.current_period_end) : new Date();
	const copy = billingEmailCopy(language, kind, { plan: planName, date: formatEmailDate(language, end) });
	const url = `${portalUrl}${ACTION_PATH[kind]}`;
	return { to: user.email, email: renderEmail({ subject: copy.subject, paragraphs: copy.paragraphs, action: { label: copy.action, url } }) };
}
