/**
 * The signed-in customer's notifications (docs/product.md, Notifications): what happened to their
 * projects, subscription and custom domains. The server stores a kind and its facts, never text, so
 * the portal writes each one in the reader's language.
 */
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
	'project_ready',
	'project_failed',
	'payment_failed',
	'subscription_canceling',
	'subscription_reactivated',
	'subscription_ended',
	'domain_verified',
	'domain_lost',
	'domain_claimed_elsewhere',
	'site_mail_limit',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** A subscription's plan: its id, and its English name for when the portal knows no better one. */
interface PlanFacts {
	plan: string | null;
	plan_name: string;
}

/** The facts each kind is told with. */
export interface NotificationParamsByKind {
	/** The project is published: its site and admin app answer. */
	project_ready: { project_name: string };
	/** Provisioning failed; `reason` is the failure as the project records it. */
	project_failed: { project_name: string; reason: string };
	/** A renewal could not be charged: the subscription is past due. */
	payment_failed: PlanFacts;
	/** The subscription will not renew; it serves until `date` (ISO 8601). */
	subscription_canceling: PlanFacts & { date: string };
	/** A cancellation was undone: the subscription renews on `date` (ISO 8601). */
	subscription_reactivated: PlanFacts & { date: string };
	/** The subscription has ended: the projects are suspended. */
	subscription_ended: PlanFacts;
	/** The custom domain points here and now serves the project. */
	domain_verified: { project_name: string; domain: string };
	/** The custom domain failed its checks for a day and no longer serves the project. */
	domain_lost: { project_name: string; domain: string };
	/** Another project proved it owns the domain (its TXT record): the domain was removed from this one. */
	domain_claimed_elsewhere: { project_name: string; domain: string };
	/** The project's site reached its plan's emails per hour: its sends are refused until the hour ends. */
	site_mail_limit: { project_name: string; limit_per_hour: number };
}

export type NotificationParams<K extends NotificationKind = NotificationKind> = NotificationParamsByKind[K];

/**
 * One notification of kind `K` as `GET /account/notifications` lists it. Its facts are read as any
 * object: the server lists them as they were stored, by whichever version stored them, and one
 * notification told with a fact missing is better than a list that fails.
 */
function notificationSchema<K extends NotificationKind>(kind: K) {
	return z.object({
		id: z.string(),
		kind: z.literal(kind),
		/** The project it is about; null for billing kinds, and once the project is deleted. */
		project: z.string().nullable(),
		params: z.custom<NotificationParamsByKind[K]>((value) => typeof value === 'object' && value !== null),
		date_created: z.string(),
		/** When the customer opened the list with it; null while unread. */
		read_at: z.string().nullable(),
	});
}

/** One notification as `GET /account/notifications` lists it. */
export const accountNotificationSchema = z.discriminatedUnion('kind', [
	notificationSchema('project_ready'),
	notificationSchema('project_failed'),
	notificationSchema('payment_failed'),
	notificationSchema('subscription_canceling'),
	notificationSchema('subscription_reactivated'),
	notificationSchema('subscription_ended'),
	notificationSchema('domain_verified'),
	notificationSchema('domain_lost'),
	notificationSchema('domain_claimed_elsewhere'),
	notificationSchema('site_mail_limit'),
]);
export type AccountNotification = z.infer<typeof accountNotificationSchema>;

/** At most this many, newest first, are listed. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** `GET /account/notifications` (inside `{ data }`): `unread` counts all of them, listed or not. */
export const notificationListSchema = z.object({
	notifications: z.array(accountNotificationSchema),
	unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `POST /account/notifications/read`: these of the caller's (at most 100), or all without `ids`. */
export interface MarkNotificationsReadRequest {
	ids?: string[];
}

/** The answer: how many were marked now, and how many are still unread. */
export const markNotificationsReadResultSchema = z.object({
	marked: z.number().int().nonnegative(),
	unread: z.number().int().nonnegative(),
});
export type MarkNotificationsReadResult = z.infer<typeof markNotificationsReadResultSchema>;

export const MARK_READ_MAX_IDS = 100;
