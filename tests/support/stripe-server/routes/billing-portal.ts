/** `POST /v1/billing_portal/sessions`: a link to the customer portal, served by this server as a small page. */
import { newId } from '../ids.ts';
import type { BillingPortalSession } from '../objects.ts';
import { route, type Route } from '../router.ts';
import { customerOr404 } from './customers.ts';

export const billingPortalRoutes: Route[] = [
	route('POST', '/v1/billing_portal/sessions', ({ state, params }) => {
		params.only('customer', 'return_url');
		const customer = customerOr404(state, params.requiredString('customer'), 'customer');
		const id = newId('bps_');
		const session: BillingPortalSession = {
			id,
			object: 'billing_portal.session',
			configuration: 'bpc_default',
			created: state.clock.nowSeconds(),
			customer: customer.id,
			flow: null,
			livemode: false,
			locale: null,
			on_behalf_of: null,
			return_url: params.string('return_url') ?? null,
			url: `${state.baseUrl}/p/session/${id}`,
		};
		state.store.billingPortalSessions.set(id, session);
		state.events.emit('billing_portal.session.created', session);
		return session;
	}),
];
