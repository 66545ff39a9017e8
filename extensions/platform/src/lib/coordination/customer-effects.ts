/**
 * The effects the outbox (outbox.ts) delivers to customers: one of our rendered emails, or a
 * notification (with the earlier notices it makes untrue, taken away as it is stored).
 */
import type { Knex } from 'knex';
import type { NotificationKind } from '@epic/platform-api';
import type { RenderedEmail } from '../email/render-email.ts';
import { sendEmail, type MailContext } from '../email/send-email.ts';
import { notify, type NewNotification } from '../notifications/notify.ts';

/** `user`: the customer an email is for (its `to` is their address). */
export type CustomerEffect =
	{ type: 'email'; user: string; to: string; email: RenderedEmail; replyTo?: string } | { type: 'notification'; notification: NewNotification; supersedes?: NotificationKind[] };

/** The customer an effect is for: the outbox keeps it beside the effect, for erasure. */
export function recipientOf(effect: CustomerEffect): string {
	return effect.type === 'email' ? effect.user : effect.notification.user;
}

/** An effect and the key naming the event it tells of. */
export interface OwedEffect {
	key: string;
	effect: CustomerEffect;
}

export function customerEffectDeliverer(context: MailContext & { database: Knex }): (effect: CustomerEffect) => Promise<void> {
	return async (effect) => {
		if (effect.type === 'email') {
			await sendEmail(context, effect.to, effect.email, effect.replyTo);
			return;
		}
		const { notification, supersedes } = effect;
		if (supersedes?.length) await context.database('notifications').where({ user: notification.user }).whereIn('kind', supersedes).delete();
		await notify(context.database, notification);
	};
}
