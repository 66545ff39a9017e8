import { NOTIFICATION_KINDS, type AccountNotification, type MarkNotificationsReadResult, type NotificationList } from '@epic/platform-api';

/**
 * Structural checks of the notifications API's answers (docs/product.md, Notifications), so an
 * answer that breaks the contract becomes an error state instead of a crash.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isNotification(value: unknown): value is AccountNotification {
  return (
    isRecord(value) &&
    isString(value.id) &&
    (NOTIFICATION_KINDS as readonly unknown[]).includes(value.kind) &&
    (value.project === null || isString(value.project)) &&
    isRecord(value.params) &&
    isString(value.date_created) &&
    (value.read_at === null || isString(value.read_at))
  );
}

export const isNotificationList = (value: unknown): value is NotificationList =>
  isRecord(value) && Array.isArray(value.notifications) && value.notifications.every(isNotification) && isCount(value.unread);

export const isMarkReadResult = (value: unknown): value is MarkNotificationsReadResult =>
  isRecord(value) && isCount(value.marked) && isCount(value.unread);
