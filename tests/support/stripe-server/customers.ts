/** Creating a customer, through the API or when a checkout without one is paid. */
import { randomBytes } from 'node:crypto';
import { newId } from './ids.ts';
import type { Customer, Metadata } from './objects.ts';
import type { ServerState } from './state.ts';

export interface CustomerFields {
	email: string | null;
	name: string | null;
	description: string | null;
	phone: string | null;
	metadata: Metadata;
}

export function createCustomer(state: ServerState, fields: CustomerFields): Customer {
	const customer: Customer = {
		id: newId('cus_', 14),
		object: 'customer',
		address: null,
		balance: 0,
		created: state.clock.nowSeconds(),
		currency: null,
		default_source: null,
		delinquent: false,
		description: fields.description,
		email: fields.email,
		invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
		invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
		livemode: false,
		metadata: fields.metadata,
		name: fields.name,
		next_invoice_sequence: 1,
		phone: fields.phone,
		preferred_locales: [],
		shipping: null,
		tax_exempt: 'none',
		test_clock: null,
	};
	state.store.customers.set(customer.id, customer);
	state.events.emit('customer.created', customer);
	return customer;
}
