/**
 * What follows every write of the subscription mirror, wherever it came from (a webhook, the
 * sandbox, an API call, the sync): the platform hears of the status or plan change, and the customer gets
 * the email and the notification the change calls for.
 */
import { loggedNotifier } from '../notifications/notify.ts';
import type { BillingContext } from './billing-context.ts';
import { sendBillingEmail } from './billing-emails.ts';
import { notifyBillingChange } from './billing-notifications.ts';
import { announcePlanChange, announceTransition } from './subscription-lifecycle.ts';
import type { MirrorChange } from './subscription-mirror.ts';

export async function afterSubscriptionChange(
	context: Pick<BillingContext, 'services' | 'getSchema' | 'database' | 'logger' | 'emitter'>,
	change: MirrorChange,
	portalUrl: string,
): Promise<void> {
	announceTransition(context, change);
	announcePlanChange(context, change);
	// Like the email, the notification only tells of the change: a failure is logged, never thrown.
	await notifyBillingChange(context, change, loggedNotifier(context.database, context.logger)).catch((error: Error) =>
		context.logger.error(`Notification of subscription ${change.after.id}'s change not stored: ${error.message}`),
	);
	await sendBillingEmail(context, change, portalUrl);
}
