import { customEndpoint } from '@directus/sdk';
import { notificationListSchema, type NotificationList } from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../auth/use-auth';
import { directus } from '../directus';
import { parseAnswer } from '../parse-answer';

/** The bell reads the list again this often (docs/product.md, Constants). */
export const NOTIFICATIONS_POLL_MS = 60_000;

const NOTIFICATIONS_KEY = 'account/notifications';

/**
 * `GET /account/notifications` (packages/platform-api/src/notifications.ts): the newest of the
 * signed-in customer's notifications and the unread count, read by the top bar's bell on every page.
 */
export async function fetchNotifications(): Promise<NotificationList> {
	const data = await directus.request(customEndpoint<unknown>({ path: '/account/notifications', method: 'GET' }));
	return parseAnswer(notificationListSchema, data, 'GET /account/notifications');
}

/** The newest notifications and the unread count; polled, and re-read when the window regains focus. */
export function useNotifications() {
	const { user } = useAuth();
	return useSWR(user ? ([NOTIFICATIONS_KEY, user.id] as const) : null, fetchNotifications, { refreshInterval: NOTIFICATIONS_POLL_MS });
}
