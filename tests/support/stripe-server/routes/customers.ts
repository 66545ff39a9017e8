/** `/v1/customers`: create, retrieve, update, list (by email), delete. */
import { createCustomer } from '../customers.ts';
import { resourceMissing } from '../errors.ts';
import { LIST_PARAMS, listPage } from '../list.ts';
import type { Customer } from '../objects.ts';
import { route, type Route } from '../router.ts';
import type { ServerState } from '../state.ts';

const FIELDS = ['email', 'name', 'description', 'phone', 'metadata'] as const;

export function customerOr404(state: ServerState, id: string, param?: string): Customer {
	const customer = state.store.customers.get(id);
	if (!customer) throw resourceMissing('customer', id, param);
	return customer;
}

export const customerRoutes: Route[] = [
	route('POST', '/v1/customers', ({ state, params }) => {
		params.only(...FIELDS);
		return createCustomer(state, {
			email: params.nullableString('email') ?? null,
			name: params.nullableString('name') ?? null,
			description: params.nullableString('description') ?? null,
			phone: params.nullableString('phone') ?? null,
			metadata: params.metadata()?.({}) ?? {},
		});
	}),
	route('GET', '/v1/customers', ({ state, params }) => {
		params.only('email', ...LIST_PARAMS);
		const email = params.string('email');
		const customers = [...state.store.customers.values()].filter((customer) => email === undefined || customer.email === email);
		return listPage(customers, params, '/v1/customers');
	}),
	route('GET', '/v1/customers/:id', ({ state, params, path }) => {
		params.only();
		return customerOr404(state, path.id!);
	}),
	route('POST', '/v1/customers/:id', ({ state, params, path }) => {
		params.only(...FIELDS);
		const customer = customerOr404(state, path.id!);
		// Every parameter is read (and validated) before anything changes.
		const values = {
			email: params.nullableString('email'),
			name: params.nullableString('name'),
			description: params.nullableString('description'),
			phone: params.nullableString('phone'),
		};
		const metadata = params.metadata()?.(customer.metadata);
		state.events.update('customer.updated', customer, (changed) => {
			for (const [field, value] of Object.entries(values) as [keyof typeof values, string | null | undefined][]) {
				if (value !== undefined) changed[field] = value;
			}
			if (metadata) changed.metadata = metadata;
		});
		return customer;
	}),
	// Stripe cancels the customer's subscriptions at once and answers a stub; the invoices stay.
	route('DELETE', '/v1/customers/:id', ({ state, params, path }) => {
		params.only();
		const customer = customerOr404(state, path.id!);
		for (const subscription of state.store.subscriptions.values()) {
			if (subscription.customer === customer.id && subscription.status !== 'canceled') state.billing.cancelNow(subscription);
		}
		state.store.customers.delete(customer.id);
		state.events.emit('customer.deleted', customer);
		return { id: customer.id, object: 'customer', deleted: true };
	}),
];
