/**
 * The event log: every state change Stripe would announce becomes an event here, in order, with a
 * snapshot of the object as it was at that moment (later changes must not rewrite history).
 * `request` names the API request that caused it, or null for changes the server made on its own
 * (renewals, the test controls), as Stripe does for automatic changes.
 */
import Stripe from 'stripe';
import type { ServerClock } from './clock.ts';
import { newId } from './ids.ts';
import type { StripeEvent } from './objects.ts';
import type { Store } from './store.ts';

export interface RequestContext {
	id: string | null;
	idempotency_key: string | null;
}

/** A deep copy of a plain JSON object. */
export function snapshot<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

/** Stripe's `previous_attributes`: the old value of every top-level field that changed. */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
	const previous: Record<string, unknown> = {};
	const old = before as Record<string, unknown>;
	const now = snapshot(after) as Record<string, unknown>;
	for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
		if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) previous[key] = old[key] ?? null;
	}
	return previous;
}

export class EventLog {
	private readonly store: Store;
	private readonly clock: ServerClock;
	private readonly publish: (event: StripeEvent) => void;
	private readonly ordered: StripeEvent[] = [];
	private request: RequestContext = { id: null, idempotency_key: null };

	constructor(store: Store, clock: ServerClock, publish: (event: StripeEvent) => void) {
		this.store = store;
		this.clock = clock;
		this.publish = publish;
	}

	/** Runs `handle` with events attributed to `request`; API handlers are synchronous, so this is exact. */
	during<T>(request: RequestContext, handle: () => T): T {
		const previous = this.request;
		this.request = request;
		try {
			return handle();
		} finally {
			this.request = previous;
		}
	}

	emit(type: string, object: object, previousAttributes?: Record<string, unknown>): StripeEvent {
		const data: StripeEvent['data'] = { object: snapshot(object) as Record<string, unknown> };
		if (previousAttributes) data.previous_attributes = previousAttributes;
		const event: StripeEvent = {
			id: newId('evt_'),
			object: 'event',
			api_version: Stripe.API_VERSION,
			created: this.clock.nowSeconds(),
			data,
			livemode: false,
			pending_webhooks: 1,
			request: { ...this.request },
			type,
		};
		this.ordered.push(event);
		this.store.events.set(event.id, event);
		this.publish(event);
		return event;
	}

	/**
	 * Applies `change` to `object` and announces it as `type` with the fields it changed; a change
	 * that changed nothing announces nothing, as with Stripe.
	 */
	update<T extends object>(type: string, object: T, change: (object: T) => void): boolean {
		const before = snapshot(object);
		change(object);
		const previous = changedAttributes(before, object);
		if (Object.keys(previous).length === 0) return false;
		this.emit(type, object, previous);
		return true;
	}

	all(): StripeEvent[] {
		return [...this.ordered];
	}
}
