/**
 * Notifications through the outbox (lib/coordination/outbox.ts): recorded under a key naming the
 * event they tell of, in the transaction that saves that event's change, then delivered once. A
 * replica that dies between the two leaves the notification to the outbox job; two replicas that
 * saw the same event make the same key, and the second finds it there.
 */
import type { Knex } from 'knex';
import type { CustomerEffect } from '../coordination/customer-effects.ts';
import type { Outbox } from '../coordination/outbox.ts';
import type { NewNotification } from './notify.ts';

export interface OwedNotifications {
	/** Records the notification under `key` within `trx`, the transaction saving what it tells of. */
	owe(trx: Knex, key: string, notification: NewNotification): Promise<void>;
	/** Delivers what `owe` recorded, once the transaction has committed. Never throws. */
	deliver(key: string): Promise<void>;
}

export function owedNotifications(outbox: Pick<Outbox<CustomerEffect>, 'enqueue' | 'deliver'>): OwedNotifications {
	return {
		owe: async (trx, key, notification) => {
			await outbox.enqueue(key, { type: 'notification', notification }, trx);
		},
		deliver: async (key) => {
			await outbox.deliver(key);
		},
	};
}
