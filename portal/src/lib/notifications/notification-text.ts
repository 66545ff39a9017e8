import type { AccountNotification } from '@epic/platform-api';

/**
 * What fills the placeholders of a kind's sentence (`notifications.kinds.*` in the locales). Each
 * sentence uses some of them; the others stay empty, so one shape serves every kind.
 */
export type NotificationTextValues = {
	project: string;
	reason: string;
	domain: string;
	plan: string;
	date: string;
	limit: string;
};

const NONE: NotificationTextValues = { project: '', reason: '', domain: '', plan: '', date: '', limit: '' };

/**
 * The facts of a notification as its sentence shows them in the reader's language: the plan by its
 * name in that language when the plan list knows it (else the English name stored with it), the
 * end of a subscription as a date of that language.
 */
export function notificationTextValues(notification: AccountNotification, planNameOf: (planId: string) => string | undefined, locale: string | undefined): NotificationTextValues {
	switch (notification.kind) {
		case 'project_ready':
			return { ...NONE, project: notification.params.project_name };
		case 'project_failed':
			return { ...NONE, project: notification.params.project_name, reason: notification.params.reason };
		case 'domain_verified':
		case 'domain_lost':
		case 'domain_claimed_elsewhere':
			return { ...NONE, project: notification.params.project_name, domain: notification.params.domain };
		case 'site_mail_limit':
			return { ...NONE, project: notification.params.project_name, limit: new Intl.NumberFormat(locale).format(notification.params.limit_per_hour) };
		case 'payment_failed':
		case 'subscription_ended':
		case 'subscription_canceling':
		case 'subscription_reactivated': {
			const { plan, plan_name } = notification.params;
			const values = { ...NONE, plan: (plan ? planNameOf(plan) : undefined) ?? plan_name };
			if (notification.kind !== 'subscription_canceling' && notification.kind !== 'subscription_reactivated') return values;
			const end = new Date(notification.params.date);
			const date = Number.isNaN(end.getTime()) ? notification.params.date : new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(end);
			return { ...values, date };
		}
	}
}
