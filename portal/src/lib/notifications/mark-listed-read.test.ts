import type { AccountNotification, NotificationList } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { markListedRead } from './mark-listed-read';

const now = new Date('2026-11-22T12:00:00.000Z');
const item = (id: string, readAt: string | null): AccountNotification => ({
	id,
	kind: 'project_ready',
	project: null,
	params: { project_name: 'Shop' },
	date_created: '2026-11-22T10:00:00.000Z',
	read_at: readAt,
});

describe('markListedRead', () => {
	it('names the unread ones it shows and reads the list as all read', () => {
		const list: NotificationList = { notifications: [item('a', null), item('b', '2026-11-21T10:00:00.000Z'), item('c', null)], unread: 2 };
		const marking = markListedRead(list, now);
		expect(marking.request).toEqual({ ids: ['a', 'c'] });
		expect(marking.shownUnread).toEqual(['a', 'c']);
		expect(marking.marked).toEqual({
			notifications: [item('a', now.toISOString()), item('b', '2026-11-21T10:00:00.000Z'), item('c', now.toISOString())],
			unread: 0,
		});
	});

	it('marks all when more are unread than the list holds', () => {
		expect(markListedRead({ notifications: [item('a', null)], unread: 60 }, now).request).toEqual({});
	});

	it('asks nothing when nothing is unread', () => {
		const list: NotificationList = { notifications: [item('b', '2026-11-21T10:00:00.000Z')], unread: 0 };
		expect(markListedRead(list, now)).toEqual({ request: null, shownUnread: [], marked: list });
	});
});
