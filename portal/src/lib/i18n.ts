import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isSupportedLanguage, languages, type LanguageCode } from '../config/languages';

/** localStorage key for the language the user picked (docs/product.md, States, Language). */
export const LANGUAGE_STORAGE_KEY = 'preferred-language';

/**
 * Each language's texts are a chunk of their own, fetched when that language is first needed: a
 * visitor downloads one language, not three (the three together are the largest part of the
 * portal's first JavaScript).
 */
const translations: Record<LanguageCode, () => Promise<{ default: object }>> = {
	en: () => import('../locales/en.json'),
	es: () => import('../locales/es.json'),
	ru: () => import('../locales/ru.json'),
};

async function loadLanguage(code: LanguageCode): Promise<void> {
	if (i18next.hasResourceBundle(code, 'translation')) return;
	const { default: translation } = await translations[code]();
	i18next.addResourceBundle(code, 'translation', translation);
}

/** Saved choice, else the browser's language prefix if we have it, else English. */
function detectLanguage(): LanguageCode {
	const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
	if (saved && isSupportedLanguage(saved)) return saved;
	for (const tag of window.navigator.languages ?? [window.navigator.language]) {
		const prefix = tag.split('-')[0]?.toLowerCase() ?? '';
		if (isSupportedLanguage(prefix)) return prefix;
	}
	return DEFAULT_LANGUAGE;
}

/** Keeps <html lang/dir> and the tab title in step with the active language. */
function syncDocument(code: string): void {
	// The server renderer (src/server-render) switches languages with no document to update.
	if (typeof document === 'undefined') return;
	const language = languages.find((candidate) => candidate.code === code);
	document.documentElement.lang = code;
	document.documentElement.dir = language?.rtl ? 'rtl' : 'ltr';
	document.title = i18next.t('app.title');
}

i18next.on('languageChanged', syncDocument);

/** Loads the visitor's language (or the one given) and starts i18next; the app renders once this resolves. */
export async function initI18n(language: LanguageCode = detectLanguage()): Promise<void> {
	const { default: translation } = await translations[language]();
	await i18next.use(initReactI18next).init({
		resources: { [language]: { translation } },
		// The other languages are added by loadLanguage when chosen.
		partialBundledLanguages: true,
		lng: language,
		// No fallback: every language has every key the source uses (i18n-usage.test.ts), so a
		// fallback would only mean downloading English beside the language being read.
		fallbackLng: false,
		supportedLngs: languages.map((candidate) => candidate.code),
		// React escapes output already.
		interpolation: { escapeValue: false },
		returnNull: false,
	});
}

export const i18n = i18next;

/** Shows the portal in `code` without remembering it as the visitor's choice. */
export async function showLanguage(code: LanguageCode): Promise<void> {
	await loadLanguage(code);
	await i18next.changeLanguage(code);
}

/** The visitor's choice: remembered for their next visit. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
	window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
	await showLanguage(code);
}

/** The active language, narrowed to one we support. */
export const currentLanguage = (): LanguageCode => (isSupportedLanguage(i18next.resolvedLanguage ?? '') ? (i18next.resolvedLanguage as LanguageCode) : DEFAULT_LANGUAGE);
