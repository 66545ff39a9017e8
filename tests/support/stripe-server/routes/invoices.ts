/** `/v1/invoices`: retrieve and list (by customer, subscription, status). */
import { resourceMissing } from '../errors.ts';
import { LIST_PARAMS, listPage } from '../list.ts';
import { route, type Route } from '../router.ts';

export const invoiceRoutes: Route[] = [
	route('GET', '/v1/invoices', ({ state, params }) => {
		params.only('customer', 'subscription', 'status', ...LIST_PARAMS);
		const customer = params.string('customer');
		const subscription = params.string('subscription');
		const status = params.enumeration('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
		const invoices = [...state.store.invoices.values()].filter(
			(invoice) =>
				(customer === undefined || invoice.customer === customer) &&
				(subscription === undefined || invoice.parent.subscription_details.subscription === subscription) &&
				(status === undefined || invoice.status === status),
		);
		return listPage(invoices, params, '/v1/invoices');
	}),
	route('GET', '/v1/invoices/:id', ({ state, params, path }) => {
		params.only();
		const invoice = state.store.invoices.get(path.id!);
		if (!invoice) throw resourceMissing('invoice', path.id!);
		return invoice;
	}),
];
