/**
 * The contact form's two emails: to support (in English, with the sender's words quoted and their
 * address to answer to) and the sender's (in their language). Anyone can type any address into
 * the form, so only a signed-in customer writing from their own address gets their words back;
 * every other sender gets a receipt with no text of theirs in it (no name, subject or message), or
 * the form would mail any text to any address under our name.
 */
import type { EmailLanguage } from '../email/email-language.ts';
import type { EmailCopy } from '../email/render-email.ts';
import type { ContactMessageInput } from './contact-input.ts';

export function supportNotice(message: ContactMessageInput, signedInAs: string | null): EmailCopy {
	return {
		subject: `Contact form: ${message.subject}`,
		paragraphs: [
			`${message.name} <${message.email}>${signedInAs ? ` (signed in as ${signedInAs})` : ' (not signed in)'} wrote:`,
			message.message,
			'Reply to this email to answer them.',
		],
	};
}

const COPY: Record<EmailLanguage, (message: ContactMessageInput) => EmailCopy> = {
	en: (message) => ({
		subject: `We received your message: ${message.subject}`,
		paragraphs: [`Hello ${message.name}, thank you for writing to us. Our support team will answer at this address.`, 'Your message:', message.message],
		footnote: 'If you did not send this, ignore this email.',
	}),
	es: (message) => ({
		subject: `Hemos recibido tu mensaje: ${message.subject}`,
		paragraphs: [`Hola ${message.name}, gracias por escribirnos. Nuestro equipo de soporte te responderá en esta dirección.`, 'Tu mensaje:', message.message],
		footnote: 'Si no enviaste este mensaje, ignora este correo.',
	}),
	ru: (message) => ({
		subject: `Мы получили ваше сообщение: ${message.subject}`,
		paragraphs: [`Здравствуйте, ${message.name}! Спасибо, что написали нам. Служба поддержки ответит на этот адрес.`, 'Ваше сообщение:', message.message],
		footnote: 'Если вы не отправляли это сообщение, просто проигнорируйте письмо.',
	}),
};

const RECEIPT: Record<EmailLanguage, EmailCopy> = {
	en: {
		subject: 'We received your message',
		paragraphs: ['Thank you for writing to us. Our support team will answer at this address.'],
		footnote: 'If you did not send a message, ignore this email.',
	},
	es: {
		subject: 'Hemos recibido tu mensaje',
		paragraphs: ['Gracias por escribirnos. Nuestro equipo de soporte te responderá en esta dirección.'],
		footnote: 'Si no enviaste ningún mensaje, ignora este correo.',
	},
	ru: {
		subject: 'Мы получили ваше сообщение',
		paragraphs: ['Спасибо, что написали нам. Служба поддержки ответит на этот адрес.'],
		footnote: 'Если вы не отправляли сообщение, просто проигнорируйте письмо.',
	},
};

/** `ownAddress`: the sender is signed in and wrote from their account's address. */
export function senderCopy(language: EmailLanguage, message: ContactMessageInput, ownAddress: boolean): EmailCopy {
	return ownAddress ? COPY[language](message) : RECEIPT[language];
}
