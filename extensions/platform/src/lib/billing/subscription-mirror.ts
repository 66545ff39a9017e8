/**
 * `user_subscriptions` mirrors the provider: each row is the provider's subscription as last read
 * from it, keyed by its id. Only the webhook pipeline and the sync write here, always from a fresh
 * read of the provider, so the order in which events arrive does not matter.
 */
import { SERVING_SUBSCRIPTION_STATUSES, type BillingPeriod, type Subscription, type SubscriptionStatus } from '@epic/platform-api';
import { systemItems, type BillingContext } from './billing-context.ts';
import type { ProviderSubscription } from './billing-provider.ts';
import { findPaymentProfile } from './payment-profiles.ts';
import { fromDbTimestamp } from '../database/db-values.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';

export interface MirroredSubscription {
	id: string;
	user: string | null;
	plan: string | null;
	payment_profile: string | null;
	status: SubscriptionStatus;
	period: BillingPeriod;
	current_period_start: string | null;
	current_period_end: string | null;
	cancel_at_period_end: boolean | number;
	stripe_subscription_id: string;
	date_created: string;
	date_updated: string | null;
}

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'database'>;

const MIRROR_FIELDS = [
	'id',
	'user',
	'plan',
	'payment_profile',
	'status',
	'period',
	'current_period_start',
	'current_period_end',
	'cancel_at_period_end',
	'stripe_subscription_id',
	'date_created',
	'date_updated',
];

/** Read with knex: every webhook event asks this, and it needs none of Directus's services. */
export async function mirroredByProviderId(context: Pick<BillingContext, 'database'>, providerId: string): Promise<MirroredSubscription | null> {
	const row = (await context.database('user_subscriptions').select(MIRROR_FIELDS).where({ stripe_subscription_id: providerId }).first()) as MirroredSubscription | undefined;
	if (!row) return null;
	return {
		...row,
		current_period_start: fromDbTimestamp(row.current_period_start),
		current_period_end: fromDbTimestamp(row.current_period_end),
		date_created: fromDbTimestamp(row.date_created) ?? '',
		date_updated: fromDbTimestamp(row.date_updated),
		cancel_at_period_end: Boolean(row.cancel_at_period_end),
	};
}

/** The user's current subscription, newest first (docs/product.md, Subscription). */
export async function currentSubscriptionOf(context: Context, userId: string): Promise<MirroredSubscription | null> {
	const items = await systemItems(context, 'user_subscriptions');
	const [row] = (await items.readByQuery({
		fields: MIRROR_FIELDS,
		filter: { user: { _eq: userId }, status: { _in: [...SERVING_SUBSCRIPTION_STATUSES] } },
		sort: ['-date_created'],
		limit: 1,
	})) as MirroredSubscription[];
	return row ?? null;
}

export interface MirrorChange {
	before: MirroredSubscription | null;
	after: MirroredSubscription;
}

/**
 * Writes the provider's state; returns the row before and after, for the life-cycle events.
 * `beforeWrite` is told of a change to a row already mirrored before it is written (the row as it
 * will be, but for its update time), so what the change owes the customer is recorded first.
 */
export async function mirrorSubscription(context: Context, subscription: ProviderSubscription, beforeWrite?: (upcoming: MirrorChange) => Promise<void>): Promise<MirrorChange> {
	const before = await mirroredByProviderId(context, subscription.id);
	const profile = await findPaymentProfile(context, { customerId: subscription.customerId });
	const values = {
		user: profile?.user ?? before?.user ?? null,
		payment_profile: profile?.id ?? before?.payment_profile ?? null,
		plan: subscription.planId,
		status: subscription.status,
		period: subscription.period,
		current_period_start: subscription.currentPeriodStart?.toISOString() ?? null,
		current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
		cancel_at_period_end: subscription.cancelAtPeriodEnd,
	};
	// Most events re-read a subscription the mirror already has as it is: nothing to write.
	if (before && unchanged(before, values)) return { before, after: before };
	const items = await systemItems(context, 'user_subscriptions');
	if (before) {
		await beforeWrite?.({ before, after: { ...before, ...values } });
		await items.updateOne(before.id, values);
	} else {
		try {
			await items.createOne({ ...values, stripe_subscription_id: subscription.id });
		} catch (error) {
			// Two events of one new subscription at once: the other wrote it first.
			if (!isUniqueViolation(error)) throw error;
			const written = await mirroredByProviderId(context, subscription.id);
			if (!written) throw error;
			await items.updateOne(written.id, values);
		}
	}
	const after = await mirroredByProviderId(context, subscription.id);
	if (!after) throw new Error(`Subscription ${subscription.id} was not mirrored`);
	return { before, after };
}

const instant = (value: string | null | undefined) => (value ? new Date(value).getTime() : null);

function unchanged(row: MirroredSubscription, values: Omit<MirroredSubscription, 'id' | 'stripe_subscription_id' | 'date_created' | 'date_updated'>): boolean {
	return (
		row.user === values.user &&
		row.payment_profile === values.payment_profile &&
		row.plan === values.plan &&
		row.status === values.status &&
		row.period === values.period &&
		instant(row.current_period_start) === instant(values.current_period_start) &&
		instant(row.current_period_end) === instant(values.current_period_end) &&
		Boolean(row.cancel_at_period_end) === Boolean(values.cancel_at_period_end)
	);
}

/** The API's shape (docs/product.md, Billing API), with the plan summary it needs. */
export async function toApiSubscription(context: Context, row: MirroredSubscription): Promise<Subscription> {
	const plans = await systemItems(context, 'subscription_plans');
	const [plan] = row.plan
		? ((await plans.readByQuery({ fields: ['id', 'name', 'price_monthly', 'project_limit'], filter: { id: { _eq: row.plan } }, limit: 1 })) as {
				id: string;
				name: string;
				price_monthly: string | number;
				project_limit: number;
			}[])
		: [];
	return {
		id: row.id,
		status: row.status,
		period: row.period,
		plan: {
			id: plan?.id ?? row.plan ?? '',
			name: plan?.name ?? row.plan ?? '',
			price_monthly: Number(plan?.price_monthly ?? 0),
			project_limit: Number(plan?.project_limit ?? 0),
		},
		current_period_start: row.current_period_start ? new Date(row.current_period_start).toISOString() : null,
		current_period_end: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
		cancel_at_period_end: Boolean(row.cancel_at_period_end),
		created_at: new Date(row.date_created).toISOString(),
		updated_at: row.date_updated ? new Date(row.date_updated).toISOString() : null,
	};
}
