import { isServingStatus, type Subscription, type SubscriptionStatus } from '@epic/platform-api';

export type BadgePalette = 'green' | 'blue' | 'red' | 'orange' | 'gray';

/** What the status badge says: the status, or `canceling` while a cancellation is pending. */
export type BadgeLabel = SubscriptionStatus | 'canceling';

export type DateLine =
	/** Renews (next billing) on the date. */
	| { kind: 'renews'; date: string }
	/** Cancellation pending: active until the date, with Reactivate. */
	| { kind: 'cancels'; date: string }
	/** The current period ends on the date (a payment is due or failed). */
	| { kind: 'periodEnds'; date: string }
	/** Ended on the date. */
	| { kind: 'ended'; date: string }
	| { kind: 'none' };

export type SubscriptionWarning = 'pastDue' | 'unpaid' | 'incomplete' | null;

export type SubscriptionView = {
	badge: { label: BadgeLabel; palette: BadgePalette };
	dateLine: DateLine;
	warning: SubscriptionWarning;
	/** Ends at the end of the period unless reactivated. */
	canceling: boolean;
	canCancel: boolean;
	canReactivate: boolean;
	/** The billing portal button on the subscription card. */
	canOpenPortal: boolean;
};

const PALETTE: Record<BadgeLabel, BadgePalette> = {
	active: 'green',
	trialing: 'blue',
	past_due: 'red',
	unpaid: 'red',
	incomplete: 'orange',
	canceled: 'gray',
	canceling: 'orange',
};

/** Statuses in which the provider holds a customer with invoices and a card to manage. */
const WITH_BILLING_ACCOUNT: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due', 'unpaid'];

/**
 * How the subscription card presents a subscription (docs/product.md, States, Subscription):
 * a pending cancellation shows the end date with Reactivate; an active or trialing one that is
 * not ending offers the billing portal and Cancel; past_due is a warning.
 */
export function describeSubscription(subscription: Subscription): SubscriptionView {
	const { status, current_period_end: end } = subscription;
	const canceling = subscription.cancel_at_period_end && status !== 'canceled';
	const label: BadgeLabel = canceling ? 'canceling' : status;

	let dateLine: DateLine = { kind: 'none' };
	if (end) {
		if (canceling) dateLine = { kind: 'cancels', date: end };
		else if (status === 'canceled') dateLine = { kind: 'ended', date: end };
		else if (status === 'active' || status === 'trialing') dateLine = { kind: 'renews', date: end };
		else dateLine = { kind: 'periodEnds', date: end };
	}

	const warning: SubscriptionWarning = status === 'past_due' ? 'pastDue' : status === 'unpaid' ? 'unpaid' : status === 'incomplete' ? 'incomplete' : null;

	return {
		badge: { label, palette: PALETTE[label] },
		dateLine,
		warning,
		canceling,
		canCancel: !canceling && (status === 'active' || status === 'trialing'),
		canReactivate: canceling,
		canOpenPortal: !canceling && WITH_BILLING_ACCOUNT.includes(status),
	};
}

/** True for a subscription that counts as current (active, trialing or past due). */
export const isCurrentSubscription = (subscription: Subscription | null | undefined): subscription is Subscription => Boolean(subscription && isServingStatus(subscription.status));

/** /payments sends a customer with a billing account to the billing portal, anyone else to /subscription. */
export const hasBillingAccount = (subscription: Subscription | null | undefined): subscription is Subscription =>
	Boolean(subscription && WITH_BILLING_ACCOUNT.includes(subscription.status));
