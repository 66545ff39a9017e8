/**
 * Invoices and their lines. An invoice is finalized and charged at once (Stripe waits about an
 * hour before charging a renewal; nothing here depends on that wait). The customer's balance is
 * applied as Stripe does: a credit (negative balance) lowers what is due, and an invoice whose
 * total is negative (a downgrade's proration) leaves a credit for the next one.
 */
import { newId } from './ids.ts';
import type { BillingReason, Invoice, InvoiceLine, Price, Subscription } from './objects.ts';
import type { ServerState } from './state.ts';

export interface LineInput {
	subscription: string;
	subscriptionItem: string;
	price: Price;
	quantity: number;
	amount: number;
	period: { start: number; end: number };
	proration: boolean;
	description: string;
}

export function invoiceLine(input: LineInput): InvoiceLine {
	return {
		id: newId('il_'),
		object: 'line_item',
		amount: input.amount,
		currency: input.price.currency,
		description: input.description,
		discountable: !input.proration,
		discounts: [],
		invoice: null,
		livemode: false,
		metadata: {},
		parent: {
			type: 'subscription_item_details',
			invoice_item_details: null,
			subscription_item_details: {
				invoice_item: input.proration ? newId('ii_') : null,
				proration: input.proration,
				proration_details: { credited_items: null },
				subscription: input.subscription,
				subscription_item: input.subscriptionItem,
			},
		},
		period: { ...input.period },
		pricing: {
			type: 'price_details',
			price_details: { price: input.price.id, product: input.price.product },
			unit_amount_decimal: input.price.unit_amount_decimal,
		},
		quantity: input.quantity,
		subtotal: input.amount,
		taxes: [],
	};
}

export interface InvoiceInput {
	subscription: Subscription;
	lines: InvoiceLine[];
	billingReason: BillingReason;
	period: { start: number; end: number };
	/** Whether the card on file pays; an invoice with nothing due is paid either way. */
	cardPays: boolean;
}

export function createInvoice(state: ServerState, input: InvoiceInput): Invoice {
	const now = state.clock.nowSeconds();
	const customer = state.store.customers.get(input.subscription.customer);
	if (!customer) throw new Error(`Subscription ${input.subscription.id} names a missing customer`);
	const id = newId('in_');
	const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
	const startingBalance = customer.balance;
	const amountDue = Math.max(0, total + startingBalance);
	const endingBalance = Math.min(0, total + startingBalance);
	customer.balance = endingBalance;
	const paid = amountDue === 0 || input.cardPays;
	const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
	customer.next_invoice_sequence += 1;
	const invoice: Invoice = {
		id,
		object: 'invoice',
		account_country: 'US',
		account_name: 'Local Stripe test server',
		amount_due: amountDue,
		amount_overpaid: 0,
		amount_paid: paid ? amountDue : 0,
		amount_remaining: paid ? 0 : amountDue,
		attempt_count: amountDue > 0 ? 1 : 0,
		attempted: amountDue > 0,
		billing_reason: input.billingReason,
		collection_method: 'charge_automatically',
		created: now,
		currency: input.subscription.currency,
		customer: customer.id,
		customer_email: customer.email,
		customer_name: customer.name,
		description: null,
		discounts: [],
		due_date: null,
		effective_at: now,
		ending_balance: endingBalance,
		hosted_invoice_url: `${state.baseUrl}/invoices/${id}`,
		lines: {
			object: 'list',
			data: input.lines.map((line) => ({ ...line, invoice: id })),
			has_more: false,
			total_count: input.lines.length,
			url: `/v1/invoices/${id}/lines`,
		},
		livemode: false,
		metadata: {},
		// No automatic retries are modeled, so a failed invoice has no next attempt.
		next_payment_attempt: null,
		number,
		parent: {
			type: 'subscription_details',
			quote_details: null,
			subscription_details: { metadata: { ...input.subscription.metadata }, subscription: input.subscription.id },
		},
		period_end: input.period.end,
		period_start: input.period.start,
		starting_balance: startingBalance,
		status: paid ? 'paid' : 'open',
		status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: paid ? now : null, voided_at: null },
		subtotal: total,
		subtotal_excluding_tax: total,
		test_clock: null,
		total,
		total_excluding_tax: total,
	};
	state.store.invoices.set(id, invoice);
	return invoice;
}

/** Pays an open invoice (a new card); the caller announces it. */
export function markPaid(state: ServerState, invoice: Invoice): void {
	const now = state.clock.nowSeconds();
	invoice.status = 'paid';
	invoice.amount_paid = invoice.amount_due;
	invoice.amount_remaining = 0;
	invoice.attempt_count += 1;
	invoice.status_transitions.paid_at = now;
}
