import { customEndpoint, type HttpMethod } from '@directus/sdk';
import type { MarkNotificationsReadRequest, MarkNotificationsReadResult, NotificationList } from '@epic/platform-api';
import useSWR from 'swr';
import { UnexpectedResponseError } from '../api-error';
import { useAuth } from '../auth/use-auth';
import { directus } from '../directus';
import { isMarkReadResult, isNotificationList } from './guards';

/**
 * The signed-in customer's notifications (`/account/notifications`,
 * packages/platform-api/src/notifications.ts), read by the top bar's bell on every page.
 */
async function request<T>(method: HttpMethod, path: string, guard: (value: unknown) => value is T, body?: object): Promise<T> {
  const data = await directus.request(customEndpoint<unknown>({ path, method, ...(body ? { body: JSON.stringify(body) } : {}) }));
  if (!guard(data)) throw new UnexpectedResponseError(`${method} ${path} did not answer as the notifications contract says`);
  return data;
}

/** The bell reads the list again this often (docs/product.md, Constants). */
export const NOTIFICATIONS_POLL_MS = 60_000;

const NOTIFICATIONS_KEY = 'account/notifications';

export const fetchNotifications = (): Promise<NotificationList> => request('GET', '/account/notifications', isNotificationList);

/** `POST /account/notifications/read`: the given ones, or every unread one without `ids`. */
export const markNotificationsRead = (body: MarkNotificationsReadRequest): Promise<MarkNotificationsReadResult> =>
  request('POST', '/account/notifications/read', isMarkReadResult, body);

/** The newest notifications and the unread count; polled, and re-read when the window regains focus. */
export function useNotifications() {
  const { user } = useAuth();
  return useSWR(user ? ([NOTIFICATIONS_KEY, user.id] as const) : null, fetchNotifications, { refreshInterval: NOTIFICATIONS_POLL_MS });
}
