/**
 * One billing customer per user at the provider (`payment_profiles`). Created on the first
 * checkout; concurrent first checkouts of one user end with one profile (the user column is
 * unique), and the loser reads the winner's.
 */
import type { BillingProviderName } from '@epic/platform-api';
import { systemItems, type BillingContext } from './billing-context.ts';
import type { BillingProvider } from './billing-provider.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';

export interface PaymentProfile {
	id: string;
	user: string;
	provider: BillingProviderName;
	stripe_customer_id: string;
}

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'database'>;

/**
 * Read with knex: the webhook path asks this for every event (see subscription-mirror.ts), and the
 * columns read need none of Directus's conversions.
 */
export async function findPaymentProfile(context: Pick<BillingContext, 'database'>, filter: { user: string } | { customerId: string }): Promise<PaymentProfile | null> {
	const where = 'user' in filter ? { user: filter.user } : { stripe_customer_id: filter.customerId };
	const profile = (await context.database('payment_profiles').select('id', 'user', 'provider', 'stripe_customer_id').where(where).first()) as PaymentProfile | undefined;
	return profile ?? null;
}

export async function ensurePaymentProfile(context: Context, provider: BillingProvider, user: { id: string; email: string; name: string | null }): Promise<PaymentProfile> {
	const existing = await findPaymentProfile(context, { user: user.id });
	if (existing) return existing;
	const customerId = await provider.createCustomer(user);
	const profiles = await systemItems(context, 'payment_profiles');
	try {
		await profiles.createOne({ user: user.id, provider: provider.name, stripe_customer_id: customerId });
	} catch (error) {
		if (!isUniqueViolation(error)) throw error;
	}
	const stored = await findPaymentProfile(context, { user: user.id });
	if (!stored) throw new Error(`The payment profile of user ${user.id} was not stored`);
	return stored;
}
