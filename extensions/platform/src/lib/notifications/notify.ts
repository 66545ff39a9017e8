/**
 * Writes a customer's notification (docs/product.md, Notifications): a kind and its facts, no text,
 * so the portal tells it in the reader's language. Provisioning, billing and domain routing owe
 * theirs through the outbox (owed-notifications.ts), which calls `notify` to deliver them. The
 * instance sync's notices are handed a `Notify` from `loggedNotifier` (their own conditional write
 * makes them once): a notification only tells of what happened, so a write that fails is logged
 * and never undoes or breaks the operation it tells of.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { NotificationKind, NotificationParams } from '@epic/platform-api';
import { toDbTimestamp } from '../database/db-values.ts';

export type NewNotification = {
	[K in NotificationKind]: { user: string; kind: K; project?: string | null; params: NotificationParams<K> };
}[NotificationKind];

/** Returns the new notification's id; throws what the database throws. */
export async function notify(database: Knex, notification: NewNotification, now: () => Date = () => new Date()): Promise<string> {
	const id = randomUUID();
	await database('notifications').insert({
		id,
		user: notification.user,
		kind: notification.kind,
		project: notification.project ?? null,
		params: JSON.stringify(notification.params),
		date_created: toDbTimestamp(database, now()),
		read_at: null,
	});
	return id;
}

/** Writes a notification; never rejects. */
export type Notify = (notification: NewNotification) => Promise<void>;

export function loggedNotifier(database: Knex, logger: { error(message: string): void }, now: () => Date = () => new Date()): Notify {
	return async (notification) => {
		try {
			await notify(database, notification, now);
		} catch (error) {
			logger.error(`Notification ${notification.kind} for user ${notification.user} not stored: ${(error as Error).message}`);
		}
	};
}
