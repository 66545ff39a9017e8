/**
 * One billing customer per user at the provider (`payment_profiles`). Created on the first
 * checkout; concurrent first checkouts of one user end with one profile (the user column is
 * unique), and the loser reads the winner's.
 */
import type { BillingProviderName } from '@epic/platform-api';
import { systemItems, type BillingContext } from './billing-context.ts';
import type { BillingProvider } from './billing-provider.ts';
import { isUniqueViolation } from './unique-violation.ts';

export interface PaymentProfile {
	id: string;
	user: string;
	provider: BillingProviderName;
	stripe_customer_id: string;
}

type Context = Pick<BillingContext, 'services' | 'getSchema'>;

export async function findPaymentProfile(context: Context, filter: { user: string } | { customerId: string }): Promise<PaymentProfile | null> {
	const profiles = await systemItems(context, 'payment_profiles');
	const [field, value] = 'user' in filter ? ['user', filter.user] : ['stripe_customer_id', filter.customerId];
	const [profile] = (await profiles.readByQuery({ filter: { [field]: { _eq: value } }, limit: 1 })) as PaymentProfile[];
	return profile ?? null;
}

/** Read with knex, for the webhook path (see subscription-mirror.ts). */
export async function paymentProfileOfCustomer(context: Pick<BillingContext, 'database'>, customerId: string): Promise<PaymentProfile | null> {
	const profile = (await context.database('payment_profiles').select('id', 'user', 'provider', 'stripe_customer_id').where({ stripe_customer_id: customerId }).first()) as
		| PaymentProfile
		| undefined;
	return profile ?? null;
}

export async function ensurePaymentProfile(
	context: Context,
	provider: BillingProvider,
	user: { id: string; email: string; name: string | null },
): Promise<PaymentProfile> {
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
