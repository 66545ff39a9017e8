/**
 * The billing emails' words in the customer's language (docs/product.md, Billing API): payment
 * failed, subscription canceling, reactivated (it renews again), ended. Each has a subject, paragraphs and a link
 * into the portal.
 */
import type { EmailLanguage } from '../email/email-language.ts';

export type BillingEmailKind = 'payment_failed' | 'canceling' | 'reactivated' | 'ended';

export interface BillingEmailFacts {
	plan: string;
	/** The end of the paid period, already formatted for the language. */
	date: string;
}

interface Copy {
	subject: (facts: BillingEmailFacts) => string;
	body: (facts: BillingEmailFacts) => string[];
	action: string;
}

const COPY: Record<EmailLanguage, Record<BillingEmailKind, Copy>> = {
	en: {
		payment_failed: {
			subject: ({ plan }) => `Payment failed for your ${plan} subscription`,
			body: () => [
				'We could not charge your card for the renewal of your subscription.',
				'Please update your payment method. Your projects keep running for now; if the payment still fails after the grace period, they are suspended.',
			],
			action: 'Update payment method',
		},
		canceling: {
			subject: ({ plan, date }) => `Your ${plan} subscription ends on ${date}`,
			body: ({ date }) => [`Your subscription stays active until ${date} and will not renew.`, 'You can reactivate it at any time before then.'],
			action: 'Manage subscription',
		},
		reactivated: {
			subject: ({ plan, date }) => `Your ${plan} subscription renews on ${date}`,
			body: ({ date }) => [`Your subscription is active again and renews on ${date}.`, 'Your earlier notice that it would end no longer applies.'],
			action: 'Manage subscription',
		},
		ended: {
			subject: ({ plan }) => `Your ${plan} subscription has ended`,
			body: () => ['Your subscription has ended and your projects are suspended.', 'Subscribe again to bring them back.'],
			action: 'Choose a plan',
		},
	},
	es: {
		payment_failed: {
			subject: ({ plan }) => `No se pudo cobrar tu suscripción ${plan}`,
			body: () => [
				'No pudimos cobrar la renovación de tu suscripción en tu tarjeta.',
				'Actualiza tu método de pago. Tus proyectos siguen funcionando por ahora; si el pago sigue fallando al terminar el periodo de gracia, se suspenderán.',
			],
			action: 'Actualizar método de pago',
		},
		canceling: {
			subject: ({ plan, date }) => `Tu suscripción ${plan} termina el ${date}`,
			body: ({ date }) => [`Tu suscripción sigue activa hasta el ${date} y no se renovará.`, 'Puedes reactivarla en cualquier momento antes de esa fecha.'],
			action: 'Gestionar suscripción',
		},
		reactivated: {
			subject: ({ plan, date }) => `Tu suscripción ${plan} se renueva el ${date}`,
			body: ({ date }) => [`Tu suscripción vuelve a estar activa y se renueva el ${date}.`, 'El aviso anterior de que terminaría ya no se aplica.'],
			action: 'Gestionar suscripción',
		},
		ended: {
			subject: ({ plan }) => `Tu suscripción ${plan} ha terminado`,
			body: () => ['Tu suscripción ha terminado y tus proyectos están suspendidos.', 'Vuelve a suscribirte para recuperarlos.'],
			action: 'Elegir un plan',
		},
	},
	ru: {
		payment_failed: {
			subject: ({ plan }) => `Не удалось оплатить подписку ${plan}`,
			body: () => [
				'Нам не удалось списать оплату за продление подписки с вашей карты.',
				'Обновите способ оплаты. Пока ваши проекты работают; если оплата не пройдёт до конца льготного периода, они будут приостановлены.',
			],
			action: 'Обновить способ оплаты',
		},
		canceling: {
			subject: ({ plan, date }) => `Ваша подписка ${plan} завершится ${date}`,
			body: ({ date }) => [`Подписка действует до ${date} и не будет продлена.`, 'Вы можете возобновить её в любой момент до этой даты.'],
			action: 'Управление подпиской',
		},
		reactivated: {
			subject: ({ plan, date }) => `Ваша подписка ${plan} продлится ${date}`,
			body: ({ date }) => [`Подписка снова активна и продлится ${date}.`, 'Прежнее уведомление о её завершении больше не действует.'],
			action: 'Управление подпиской',
		},
		ended: {
			subject: ({ plan }) => `Ваша подписка ${plan} завершена`,
			body: () => ['Подписка завершена, ваши проекты приостановлены.', 'Оформите подписку снова, чтобы вернуть их.'],
			action: 'Выбрать тариф',
		},
	},
};

export function billingEmailCopy(language: EmailLanguage, kind: BillingEmailKind, facts: BillingEmailFacts) {
	const copy = COPY[language][kind];
	return { subject: copy.subject(facts), paragraphs: copy.body(facts), action: copy.action };
}
