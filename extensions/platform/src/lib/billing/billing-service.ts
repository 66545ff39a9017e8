/**
 * The billing API's logic (docs/product.md, Billing API), one method per route. Every method takes
 * the caller's id and touches only what belongs to it: another customer's session or subscription
 * answers exactly as one that does not exist.
 */
import type { BillingPortalSession, CheckoutSession, CheckoutSessionCreated, Payment, SandboxPortal, Subscription } from '@epic/platform-api';
import { isUnlimitedProjectLimit, PAYMENTS_LISTED } from '@epic/platform-api';
import {
	CheckoutSessionNotFoundError,
	PlanNotAvailableError,
	ProfileNotFoundError,
	ProjectLimitExceededError,
	SubscriptionNotFoundError,
	SubscriptionStateError,
} from '../errors.ts';
import type { PlanRow } from '../plans/plan.ts';
import { systemItems, type BillingContext } from './billing-context.ts';
import { checkoutInput, checkoutSessionQuery, parseInput, portalInput, sandboxConfirmInput } from './billing-inputs.ts';
import type { BillingProvider, ProviderCheckoutSession, ProviderSubscription } from './billing-provider.ts';
import { ensurePaymentProfile, findPaymentProfile } from './payment-profiles.ts';
import { priceCents } from './period-dates.ts';
import { countOwnedProjects } from './project-allowance.ts';
import { ownPortalUrl } from './return-urls.ts';
import { cardOf } from './sandbox/sandbox-records.ts';
import type { SandboxProvider } from './sandbox/sandbox-provider.ts';
import { currentSubscriptionOf, toApiSubscription, type MirroredSubscription } from './subscription-mirror.ts';
import type { SubscriptionResync } from './subscription-resync.ts';

type Context = Pick<BillingContext, 'services' | 'getSchema' | 'emitter' | 'logger' | 'database'>;

export interface BillingServiceOptions {
	context: Context;
	provider: BillingProvider;
	/** The portal's origin, for default return pages and the return-URL check. */
	portalUrl: string;
	resync: Pick<SubscriptionResync, 'run'>;
}

const DEFAULT_CHECKOUT_RETURN = '/subscription/return?session_id={CHECKOUT_SESSION_ID}';

export class BillingService {
	readonly #context: Context;
	readonly #provider: BillingProvider;
	readonly #portalUrl: string;
	readonly #resync: Pick<SubscriptionResync, 'run'>;

	constructor(options: BillingServiceOptions) {
		this.#context = options.context;
		this.#provider = options.provider;
		this.#portalUrl = options.portalUrl;
		this.#resync = options.resync;
	}

	async #activePlan(planId: string): Promise<PlanRow | null> {
		const plans = await systemItems(this.#context, 'subscription_plans');
		const [plan] = (await plans.readByQuery({ filter: { id: { _eq: planId }, is_active: { _eq: true } }, limit: 1 })) as PlanRow[];
		return plan ?? null;
	}

	async #user(userId: string): Promise<{ id: string; email: string; name: string | null }> {
		const { UsersService } = this.#context.services;
		const users = new UsersService({ schema: await this.#context.getSchema() });
		const [user] = (await users.readByQuery({ fields: ['id', 'email', 'first_name', 'last_name'], filter: { id: { _eq: userId } }, limit: 1 })) as {
			id: string;
			email: string;
			first_name: string | null;
			last_name: string | null;
		}[];
		if (!user) throw new ProfileNotFoundError();
		const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || null;
		return { id: user.id, email: user.email, name };
	}

	/**
	 * Starts a checkout, or, for a subscriber, changes the existing subscription in place (never a
	 * second one): a downgrade below the projects the customer already has is refused.
	 */
	async createCheckout(userId: string, body: unknown): Promise<CheckoutSessionCreated> {
		const input = parseInput(checkoutInput, body);
		const plan = await this.#activePlan(input.plan_id);
		const amount = plan ? priceCents(plan, input.period) : null;
		if (!plan || amount === null || amount <= 0) throw new PlanNotAvailableError({ plan: input.plan_id, period: input.period });
		const returnUrl = ownPortalUrl(this.#portalUrl, input.return_url, DEFAULT_CHECKOUT_RETURN, 'return_url');

		const current = await currentSubscriptionOf(this.#context, userId);
		if (current) return { kind: 'changed', subscription: await this.#changePlan(userId, current, plan, input.period) };

		const user = await this.#user(userId);
		const profile = await ensurePaymentProfile(this.#context, this.#provider, user);
		const session = await this.#provider.createCheckoutSession({
			userId,
			customerId: profile.stripe_customer_id,
			email: user.email,
			plan,
			period: input.period,
			returnUrl,
		});
		return { kind: 'checkout', id: session.id, client_secret: session.clientSecret };
	}

	async #changePlan(userId: string, current: MirroredSubscription, plan: PlanRow, period: CheckoutSession['period']): Promise<Subscription> {
		if (current.plan === plan.id && current.period === period) {
			throw new SubscriptionStateError({ reason: 'You are already subscribed to this plan and period' });
		}
		const limit = Number(plan.project_limit ?? 0);
		if (!isUnlimitedProjectLimit(limit)) {
			const used = await countOwnedProjects(this.#context, userId);
			if (used > limit) throw new ProjectLimitExceededError({ excess: used - limit, plan: plan.name });
		}
		const changed = await this.#provider.changePlan(current.stripe_subscription_id, plan, period);
		return this.#mirrored(changed);
	}

	/** After a change made through the provider: the mirror as the provider now has it. */
	async #mirrored(subscription: ProviderSubscription): Promise<Subscription> {
		const change = await this.#resync.run(subscription.id);
		if (!change) throw new SubscriptionNotFoundError();
		return toApiSubscription(this.#context, change.after);
	}

	async checkoutSession(userId: string, query: unknown): Promise<CheckoutSession> {
		const { session_id } = parseInput(checkoutSessionQuery, query);
		return toApiCheckoutSession(await this.#ownSession(userId, session_id));
	}

	/** The caller's own session; another customer's answers as a missing one. */
	async #ownSession(userId: string, sessionId: string): Promise<ProviderCheckoutSession> {
		const profile = await findPaymentProfile(this.#context, { user: userId });
		const session = await this.#provider.retrieveCheckoutSession(sessionId);
		if (!session || !profile || session.customerId !== profile.stripe_customer_id) throw new CheckoutSessionNotFoundError();
		return session;
	}

	async billingPortal(userId: string, body: unknown): Promise<BillingPortalSession> {
		const input = parseInput(portalInput, body);
		const profile = await findPaymentProfile(this.#context, { user: userId });
		if (!profile) throw new SubscriptionNotFoundError();
		const returnUrl = ownPortalUrl(this.#portalUrl, input.return_url, '/subscription', 'return_url');
		return { url: await this.#provider.createPortalSession(profile.stripe_customer_id, returnUrl) };
	}

	async subscription(userId: string): Promise<Subscription> {
		const current = await currentSubscriptionOf(this.#context, userId);
		if (!current) throw new SubscriptionNotFoundError();
		return toApiSubscription(this.#context, current);
	}

	async cancel(userId: string): Promise<Subscription> {
		const current = await currentSubscriptionOf(this.#context, userId);
		if (!current) throw new SubscriptionNotFoundError();
		if (current.cancel_at_period_end) throw new SubscriptionStateError({ reason: 'The subscription is already set to end with its period' });
		return this.#mirrored(await this.#provider.setCancelAtPeriodEnd(current.stripe_subscription_id, true));
	}

	async reactivate(userId: string): Promise<Subscription> {
		const current = await currentSubscriptionOf(this.#context, userId);
		if (!current) throw new SubscriptionNotFoundError();
		if (!current.cancel_at_period_end) throw new SubscriptionStateError({ reason: 'The subscription is not set to end' });
		return this.#mirrored(await this.#provider.setCancelAtPeriodEnd(current.stripe_subscription_id, false));
	}

	/**
	 * Account deletion: every subscription ends now with the provider and the provider forgets the
	 * customer; our rows keep what the books need (plan, period, status, the provider's ids) without
	 * the link to the person. Each step can run again, so a deletion that failed half-way finishes
	 * when it is retried.
	 */
	async closeAccount(userId: string): Promise<void> {
		const { database } = this.#context;
		const subscriptions = (await database('user_subscriptions').select('stripe_subscription_id').where({ user: userId })) as {
			stripe_subscription_id: string | null;
		}[];
		for (const { stripe_subscription_id } of subscriptions) {
			if (stripe_subscription_id) await this.#provider.cancelNow(stripe_subscription_id);
		}
		const profiles = (await database('payment_profiles').select('stripe_customer_id').where({ user: userId })) as { stripe_customer_id: string | null }[];
		for (const { stripe_customer_id } of profiles) {
			if (stripe_customer_id) await this.#provider.forgetCustomer(stripe_customer_id);
		}
		await database('user_subscriptions').where({ user: userId }).update({ user: null, payment_profile: null });
		await database('billing_events').where({ user: userId }).update({ user: null });
		await database('payment_profiles').where({ user: userId }).delete();
	}

	/** The customer's latest payments, newest first; none before the first checkout. */
	async payments(userId: string): Promise<Payment[]> {
		const profile = await findPaymentProfile(this.#context, { user: userId });
		if (!profile) return [];
		const payments = await this.#provider.listPayments(profile.stripe_customer_id, PAYMENTS_LISTED);
		return payments.map((payment) => ({
			id: payment.id,
			date: payment.paidAt.toISOString(),
			amount: payment.amountCents / 100,
			currency: payment.currency,
			description: payment.description,
			period_start: payment.periodStart?.toISOString() ?? null,
			period_end: payment.periodEnd?.toISOString() ?? null,
		}));
	}

	/** The sandbox's card form (sandbox only). */
	async sandboxConfirm(sandbox: SandboxProvider, userId: string, body: unknown): Promise<CheckoutSession> {
		const input = parseInput(sandboxConfirmInput, body);
		await this.#ownSession(userId, input.session_id);
		return toApiCheckoutSession(await sandbox.confirmCheckout(input.session_id, input));
	}

	/** The sandbox's billing portal page (sandbox only). */
	async sandboxPortal(sandbox: SandboxProvider, userId: string): Promise<SandboxPortal> {
		const profile = await findPaymentProfile(this.#context, { user: userId });
		const current = await currentSubscriptionOf(this.#context, userId);
		if (!profile) return { subscription: null, card: null, invoices: [] };
		const row = current ? await sandbox.subscriptionRow(current.stripe_subscription_id) : null;
		const card = row ? cardOf(row) : null;
		const invoices = await sandbox.listInvoices(profile.stripe_customer_id);
		return {
			subscription: current ? await toApiSubscription(this.#context, current) : null,
			card: card ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, cardholder: card.cardholder } : null,
			invoices: invoices.map((invoice) => ({
				id: invoice.id,
				date: new Date(invoice.date_created).toISOString(),
				amount: Number(invoice.amount_cents) / 100,
				status: invoice.status,
				plan_name: invoice.plan_name ?? '',
				period: invoice.period,
				period_start: new Date(invoice.period_start).toISOString(),
				period_end: new Date(invoice.period_end).toISOString(),
			})),
		};
	}
}

function toApiCheckoutSession(session: ProviderCheckoutSession): CheckoutSession {
	return {
		id: session.id,
		status: session.status,
		customer_email: session.customerEmail,
		plan_id: session.planId,
		period: session.period,
		amount: session.amountCents / 100,
	};
}
