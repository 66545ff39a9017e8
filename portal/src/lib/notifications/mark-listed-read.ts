import type { MarkNotificationsReadRequest, NotificationList } from '@epic/platform-api';

export interface ListedReadMarking {
	/** What to ask the server; null when nothing is unread. */
	request: MarkNotificationsReadRequest | null;
	/** The unread ones the reader is shown now: they stay marked as new while the list is open. */
	shownUnread: string[];
	/** The list as it is once the server has marked them: what the bell shows meanwhile. */
	marked: NotificationList;
}

/**
 * Opening the list marks what it shows read. Only the listed ones are named, so one that arrives
 * meanwhile stays unread; but when more are unread than listed (the list holds the newest only),
 * all are marked, or the badge could never reach zero.
 */
export function markListedRead(list: NotificationList, now: Date): ListedReadMarking {
	const shownUnread = list.notifications.filter((notification) => notification.read_at === null).map((notification) => notification.id);
	const marked: NotificationList = {
		notifications: list.notifications.map((notification) => (notification.read_at === null ? { ...notification, read_at: now.toISOString() } : notification)),
		unread: 0,
	};
	if (list.unread === 0) return { request: null, shownUnread, marked };
	const request = list.unread > shownUnread.length ? {} : { ids: shownUnread };
	return { request, shownUnread, marked };
}
