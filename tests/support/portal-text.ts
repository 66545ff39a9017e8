/**
 * The portal's own words in a language, read from its locale files, so a browser test written once
 * can check the English and the Spanish page alike (and fails if a key disappears).
 */
import en from '../../portal/src/locales/en.json' with { type: 'json' };
import es from '../../portal/src/locales/es.json' with { type: 'json' };
import ru from '../../portal/src/locales/ru.json' with { type: 'json' };

export type PortalLanguage = 'en' | 'es' | 'ru';

const resources: Record<PortalLanguage, unknown> = { en, es, ru };

/** The text at a dotted key, with `{{name}}` placeholders filled from `values`. */
export function portalText(language: PortalLanguage, key: string, values: Record<string, string | number> = {}): string {
	let node: unknown = resources[language];
	for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
	if (typeof node !== 'string') throw new Error(`the ${language} portal has no text at ${key}`);
	return node.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
		if (!(name in values)) throw new Error(`${key} needs a value for {{${name}}}`);
		return String(values[name]);
	});
}
