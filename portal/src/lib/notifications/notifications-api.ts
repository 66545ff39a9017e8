import { customEndpoint, type HttpMethod } from '@directus/sdk';
import {
  markNotificationsReadResultSchema,
  notificationListSchema,
  type MarkNotificationsReadRequest,
  type MarkNotificationsReadResult,
  type NotificationList,
} from '@epic/platform-api';
import useSWR from 'swr';
import type { ZodType } from 'zod';
import { useAuth } from '../auth/use-auth';
import { directus } from '../directus';
import { parseAnswer } from '../parse-answer';

/**
 * The signed-in customer's notifications (`/account/notifications`,
 * packages/platform-api/src/notifications.ts), read by the top bar's bell on every page.
 */
async function request<T>(method: HttpMethod, path: string, schema: ZodType<T>, body?: object): Promise<T> {
  const data = await directus.request(customEndpoint<unknown>({ path, method, ...(body ? { body: JSON.stringify(body) } : {}) }));
  return parseAnswer(schema, data, `${method} ${path}`);
}

/** The bell reads the list again this often (docs/product.md, Constants). */
export const NOTIFICATIONS_POLL_MS = 60_000;

const NOTIFICATIONS_KEY = 'account/notifications';

export const fetchNotifications = (): Promise<NotificationList> => request('GET', '/account/notifications', notificationListSchema);

/** `POST /account/notifications/read`: the given ones, or every unread one without `ids`. */
export const markNotificationsRead = (body: MarkNotificationsReadRequest): Promise<MarkNotificationsReadResult> =>
  request('POST', '/account/notifications/read', markNotificationsReadResultSchema, body);

/** The newest notifications and the unread count; polled, and re-read when the window regains focus. */
export function useNotifications() {
  const { user } = useAuth();
  return useSWR(user ? ([NOTIFICATIONS_KEY, user.id] as const) : null, fetchNotifications, { refreshInterval: NOTIFICATIONS_POLL_MS });
}
