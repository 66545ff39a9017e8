import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isSupportedLanguage, languages, type LanguageCode } from '../config/languages';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ru from '../locales/ru.json';

/** localStorage key for the language the user picked (docs/product.md, States, Language). */
export const LANGUAGE_STORAGE_KEY = 'preferred-language';

const resources = {
  en: { translation: en },
  es: { translation: es },
  ru: { translation: ru },
} as const;

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
  const language = languages.find((candidate) => candidate.code === code);
  document.documentElement.lang = code;
  document.documentElement.dir = language?.rtl ? 'rtl' : 'ltr';
  document.title = i18next.t('app.title');
}

i18next.on('languageChanged', syncDocument);

void i18next.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: languages.map((language) => language.code),
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

export function changeLanguage(code: LanguageCode): Promise<unknown> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  return i18next.changeLanguage(code);
}

/** The active language, narrowed to one we support. */
export const currentLanguage = (): LanguageCode =>
  isSupportedLanguage(i18next.resolvedLanguage ?? '') ? (i18next.resolvedLanguage as LanguageCode) : DEFAULT_LANGUAGE;
