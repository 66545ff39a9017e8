/**
 * A payment receipt's words in the customer's language: the amount, the day it was paid, what it
 * paid for and the period it covers, and the receipt's number (the provider's invoice id).
 */
import type { EmailLanguage } from '../email/email-language.ts';

export interface ReceiptFacts {
	/** Already formatted for the language, with its currency. */
	amount: string;
	date: string;
	/** What was paid for, as the invoice names it; null where it does not. */
	description: string | null;
	/** The period the payment covers, formatted; null where the invoice has none. */
	period: string | null;
	number: string;
}

interface Copy {
	subject: (facts: ReceiptFacts) => string;
	body: (facts: ReceiptFacts) => string[];
	action: string;
}

const COPY: Record<EmailLanguage, Copy> = {
	en: {
		subject: ({ amount }) => `Receipt for your payment of ${amount}`,
		body: ({ amount, date, description, period, number }) => [
			`We received your payment of ${amount} on ${date}. Thank you.`,
			...(description ? [`For: ${description}`] : []),
			...(period ? [`Period: ${period}`] : []),
			`Receipt number: ${number}`,
		],
		action: 'See your payments',
	},
	es: {
		subject: ({ amount }) => `Recibo de tu pago de ${amount}`,
		body: ({ amount, date, description, period, number }) => [
			`Hemos recibido tu pago de ${amount} el ${date}. Gracias.`,
			...(description ? [`Concepto: ${description}`] : []),
			...(period ? [`Periodo: ${period}`] : []),
			`Número de recibo: ${number}`,
		],
		action: 'Ver tus pagos',
	},
	ru: {
		subject: ({ amount }) => `Квитанция об оплате ${amount}`,
		body: ({ amount, date, description, period, number }) => [
			`Мы получили ваш платёж ${amount} ${date}. Спасибо.`,
			...(description ? [`За: ${description}`] : []),
			...(period ? [`Период: ${period}`] : []),
			`Номер квитанции: ${number}`,
		],
		action: 'Ваши платежи',
	},
};

export function receiptEmailCopy(language: EmailLanguage, facts: ReceiptFacts) {
	const copy = COPY[language];
	return { subject: copy.subject(facts), paragraphs: copy.body(facts), action: copy.action };
}
