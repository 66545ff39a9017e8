/**
 * The caller's notifications (docs/product.md, Notifications): the newest listed with the count of
 * unread ones, and marking them read. Every query is bound to the caller's id: another customer's
 * notification is neither listed nor marked, exactly as if it did not exist.
 */
import type { Knex } from 'knex';
import { NOTIFICATION_LIST_LIMIT, type MarkNotificationsReadResult, type NotificationList } from '@epic/platform-api';
import { toDbTimestamp } from '../database/db-values.ts';
import { parseInput } from '../http/parse-input.ts';
import { MarkReadSchema } from './mark-read-input.ts';
import { NOTIFICATION_COLUMNS, toAccountNotification, type NotificationRow } from './notification-row.ts';

async function unreadCount(database: Knex, userId: string): Promise<number> {
	const row = (await database('notifications').where({ user: userId }).whereNull('read_at').count({ count: '*' }).first()) as { count: number | string } | undefined;
	return Number(row?.count ?? 0);
}

export async function listNotifications(database: Knex, userId: string): Promise<NotificationList> {
	const rows = (await database('notifications')
		.select(NOTIFICATION_COLUMNS)
		.where({ user: userId })
		.orderBy([
			{ column: 'date_created', order: 'desc' },
			{ column: 'id', order: 'desc' },
		])
		.limit(NOTIFICATION_LIST_LIMIT)) as NotificationRow[];
	const notifications = rows.map(toAccountNotification).filter((notification) => notification !== null);
	return { notifications, unread: await unreadCount(database, userId) };
}

/** Marks the caller's unread notifications read: all, or the given ones (ids not theirs are passed over). */
export async function markNotificationsRead(database: Knex, userId: string, body: unknown, now: () => Date): Promise<MarkNotificationsReadResult> {
	const { ids } = parseInput(MarkReadSchema, body);
	const query = database('notifications').where({ user: userId }).whereNull('read_at');
	if (ids) query.whereIn('id', ids);
	const marked = await query.update({ read_at: toDbTimestamp(database, now()) });
	return { marked, unread: await unreadCount(database, userId) };
}
