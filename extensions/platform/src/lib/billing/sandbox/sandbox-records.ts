/** The sandbox provider's rows, as its collections store them. */
import type { BillingPeriod, CheckoutSessionStatus, InvoiceStatus, SubscriptionStatus } from '@epic/platform-api';
import type { AcceptedCard } from './test-cards.ts';

export interface SandboxSessionRow {
	id: string;
	customer_id: string;
	user: string | null;
	plan: string;
	period: BillingPeriod;
	amount_cents: number;
	status: CheckoutSessionStatus;
	return_url: string;
	subscription_id: string | null;
	customer_email: string | null;
	expires_at: string;
}

export interface SandboxSubscriptionRow {
	id: string;
	customer_id: string;
	user: string | null;
	plan: string | null;
	period: BillingPeriod;
	status: SubscriptionStatus;
	current_period_start: string;
	current_period_end: string;
	cancel_at_period_end: boolean | number;
	card: AcceptedCard | string | null;
	past_due_since: string | null;
	ended_at: string | null;
}

export interface SandboxInvoiceRow {
	id: string;
	subscription_id: string;
	customer_id: string;
	amount_cents: number;
	status: InvoiceStatus;
	plan_name: string | null;
	period: BillingPeriod;
	period_start: string;
	period_end: string;
	date_created: string;
}

/** SQLite hands JSON back as text. */
export function cardOf(row: Pick<SandboxSubscriptionRow, 'card'>): AcceptedCard | null {
	if (!row.card) return null;
	return typeof row.card === 'string' ? (JSON.parse(row.card) as AcceptedCard) : row.card;
}
