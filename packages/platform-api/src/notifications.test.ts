import { describe, expect, it } from 'vitest';
import { markNotificationsReadResultSchema, NOTIFICATION_KINDS, notificationListSchema } from './notifications.ts';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

const notification = {
	id: 'f3b1c3a0-3c4e-4d5a-9a51-2b7d8e9f0a1b',
	kind: 'project_ready',
	project: '0f8fad5b-d9cb-469f-a165-70867728950e',
	params: { project_name: 'Shop' },
	date_created: '2026-11-22T10:00:00.000Z',
	read_at: null,
};

describe('notifications answer schemas', () => {
	it('accept answers shaped as the contract says', () => {
		expect(accepts(notificationListSchema, { notifications: [notification], unread: 1 })).toBe(true);
		expect(accepts(notificationListSchema, { notifications: [{ ...notification, project: null, read_at: '2026-11-22T11:00:00.000Z' }], unread: 0 })).toBe(true);
		expect(accepts(markNotificationsReadResultSchema, { marked: 2, unread: 0 })).toBe(true);
	});

	it('refuse what is not', () => {
		expect(accepts(notificationListSchema, [notification])).toBe(false);
		expect(accepts(notificationListSchema, { notifications: [{ ...notification, kind: 'welcome' }], unread: 1 })).toBe(false);
		expect(accepts(notificationListSchema, { notifications: [{ ...notification, params: null }], unread: 1 })).toBe(false);
		expect(accepts(notificationListSchema, { notifications: [notification], unread: -1 })).toBe(false);
		expect(accepts(markNotificationsReadResultSchema, { marked: 1 })).toBe(false);
	});

	it('accept every kind, its facts as they were stored', () => {
		for (const kind of NOTIFICATION_KINDS) expect(accepts(notificationListSchema, { notifications: [{ ...notification, kind, params: {} }], unread: 1 })).toBe(true);
	});
});
