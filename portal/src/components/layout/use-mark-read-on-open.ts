import { useEffect, useRef, useState } from 'react';
import type { NotificationList } from '@epic/platform-api';
import type { KeyedMutator } from 'swr';
import { markListedRead } from '../../lib/notifications/mark-listed-read';
import { markNotificationsRead } from '../../lib/notifications/mark-notifications-read';

/**
 * Opening the bell's list marks what it shows read, once per opening (also when the list arrives
 * after the bell was opened): the badge goes to zero at once and comes back if the server refuses.
 * Returns the ids that were unread when the list opened, which it keeps showing as new.
 */
export function useMarkReadOnOpen(open: boolean, list: NotificationList | undefined, mutate: KeyedMutator<NotificationList>): ReadonlySet<string> {
	const [shownUnread, setShownUnread] = useState<ReadonlySet<string>>(new Set());
	const markedThisOpening = useRef(false);

	useEffect(() => {
		if (!open) {
			markedThisOpening.current = false;
			return;
		}
		if (markedThisOpening.current || !list) return;
		markedThisOpening.current = true;
		const marking = markListedRead(list, new Date());
		setShownUnread(new Set(marking.shownUnread));
		const request = marking.request;
		if (!request) return;
		mutate(
			async () => {
				const result = await markNotificationsRead(request);
				return { ...marking.marked, unread: result.unread };
			},
			{ optimisticData: marking.marked, rollbackOnError: true, populateCache: true, revalidate: false },
		).catch((error: unknown) => console.error('Could not mark the notifications read', error));
	}, [open, list, mutate]);

	return shownUnread;
}
