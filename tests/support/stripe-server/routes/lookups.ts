/** Objects a receiver may fetch by id after a webhook: events and payment methods. */
import { resourceMissing } from '../errors.ts';
import { route, type Route } from '../router.ts';

export const lookupRoutes: Route[] = [
	route('GET', '/v1/events/:id', ({ state, params, path }) => {
		params.only();
		const event = state.store.events.get(path.id!);
		if (!event) throw resourceMissing('event', path.id!);
		return event;
	}),
	route('GET', '/v1/payment_methods/:id', ({ state, params, path }) => {
		params.only();
		const paymentMethod = state.store.paymentMethods.get(path.id!);
		if (!paymentMethod) throw resourceMissing('payment_method', path.id!);
		return paymentMethod;
	}),
];
