/**
 * The signed-in customer's notifications (docs/product.md, Notifications): what happened to their
 * projects, subscription and custom domains. The server stores a kind and its facts, never text, so
 * the portal writes each one in the reader's language.
 */

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
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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

/** One notification as `GET /account/notifications` lists it. */
export type AccountNotification = {
	[K in NotificationKind]: {
		id: string;
		kind: K;
		/** The project it is about; null for billing kinds, and once the project is deleted. */
		project: string | null;
		params: NotificationParamsByKind[K];
		date_created: string;
		/** When the customer opened the list with it; null while unread. */
		read_at: string | null;
	};
}[NotificationKind];

/** At most this many, newest first, are listed. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** `GET /account/notifications` (inside `{ data }`): `unread` counts all of them, listed or not. */
export interface NotificationList {
	notifications: AccountNotification[];
	unread: number;
}

/** `POST /account/notifications/read`: these of the caller's (at most 100), or all without `ids`. */
export interface MarkNotificationsReadRequest {
	ids?: string[];
}

/** The answer: how many were marked now, and how many are still unread. */
export interface MarkNotificationsReadResult {
	marked: number;
	unread: number;
}

export const MARK_READ_MAX_IDS = 100;
