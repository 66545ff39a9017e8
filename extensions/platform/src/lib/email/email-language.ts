/** Which of our languages an email is written in, and dates as that language writes them. */
import type { AccountLanguage } from '@epic/platform-api';

export type EmailLanguage = AccountLanguage;

/** A user's Directus `language` (`es-ES`, `ru`…) to one of ours; English otherwise. */
export function emailLanguageOf(language: string | null | undefined): EmailLanguage {
	const prefix = (language ?? '').slice(0, 2).toLowerCase();
	return prefix === 'es' || prefix === 'ru' ? prefix : 'en';
}

const LOCALES: Record<EmailLanguage, string> = { en: 'en-US', es: 'es-ES', ru: 'ru-RU' };

export function formatEmailDate(language: EmailLanguage, date: Date): string {
	return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** An amount in minor units (cents) as the language writes money. */
export function formatEmailMoney(language: EmailLanguage, minorUnits: number, currency: string): string {
	return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: currency.toUpperCase() }).format(minorUnits / 100);
}
