import { customEndpoint } from '@directus/sdk';
import { markNotificationsReadResultSchema, type MarkNotificationsReadRequest, type MarkNotificationsReadResult } from '@epic/platform-api';
import { directus } from '../directus';
import { parseAnswer } from '../parse-answer';

/** `POST /account/notifications/read`: the given ones, or every unread one without `ids`. */
export async function markNotificationsRead(body: MarkNotificationsReadRequest): Promise<MarkNotificationsReadResult> {
	const data = await directus.request(customEndpoint<unknown>({ path: '/account/notifications/read', method: 'POST', body: JSON.stringify(body) }));
	return parseAnswer(markNotificationsReadResultSchema, data, 'POST /account/notifications/read');
}
