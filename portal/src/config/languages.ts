/**
 * Languages the portal ships resources for. Each name is the language's own
 * name (an endonym), deliberately not translated: a reader looking for their
 * language must recognise it whatever language the page is currently in.
 */
export const languages = [
	{ code: 'en', nativeName: 'English', rtl: false },
	{ code: 'es', nativeName: 'Español', rtl: false },
	{ code: 'ru', nativeName: 'Русский', rtl: false },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const isSupportedLanguage = (code: string): code is LanguageCode => languages.some((language) => language.code === code);
