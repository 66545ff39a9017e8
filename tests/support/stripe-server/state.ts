/** What every route and the billing engine share: the objects, the clock, the event log, the URL. */
import type { Billing } from './billing.ts';
import type { Checkouts } from './checkout.ts';
import type { ServerClock } from './clock.ts';
import type { EventLog } from './events.ts';
import type { Store } from './store.ts';

export interface ServerState {
	readonly store: Store;
	readonly clock: ServerClock;
	readonly events: EventLog;
	readonly billing: Billing;
	readonly checkouts: Checkouts;
	/** `http://127.0.0.1:<port>`: where the pages behind `url` fields (portal, invoices) are served. */
	readonly baseUrl: string;
}
