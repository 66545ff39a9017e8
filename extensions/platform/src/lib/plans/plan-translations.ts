/**
 * Plans in the customer's language. English is the row itself; staff add Spanish and Russian in the
 * plan's `translations` field in Studio, and anything left out falls back to English.
 */
import type { Plan } from './plan.ts';

export const PLAN_LANGUAGES = ['en', 'es', 'ru'] as const;
export type PlanLanguage = (typeof PLAN_LANGUAGES)[number];

interface PlanText {
	name?: string;
	description?: string;
	features?: string[];
}

export type PlanTranslations = Partial<Record<Exclude<PlanLanguage, 'en'>, PlanText>>;

/** A plan as the catalogue keeps it: the English plan and what staff translated. */
export interface LocalizablePlan {
	plan: Plan;
	translations: PlanTranslations;
}

function textOf(value: unknown): PlanText {
	if (typeof value !== 'object' || value === null) return {};
	const record = value as Record<string, unknown>;
	const text: PlanText = {};
	if (typeof record['name'] === 'string' && record['name'].trim()) text.name = record['name'];
	if (typeof record['description'] === 'string' && record['description'].trim()) text.description = record['description'];
	if (Array.isArray(record['features']) && record['features'].every((feature) => typeof feature === 'string')) {
		text.features = record['features'] as string[];
	}
	return text;
}

/** Reads the field as staff left it (JSON text on SQLite); anything malformed counts as untranslated. */
export function parsePlanTranslations(value: unknown): PlanTranslations {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			return {};
		}
	}
	if (typeof parsed !== 'object' || parsed === null) return {};
	const record = parsed as Record<string, unknown>;
	return { es: textOf(record['es']), ru: textOf(record['ru']) };
}

export function localizePlan(entry: LocalizablePlan, language: PlanLanguage): Plan {
	if (language === 'en') return entry.plan;
	const text = entry.translations[language] ?? {};
	return {
		...entry.plan,
		name: text.name ?? entry.plan.name,
		description: text.description ?? entry.plan.description,
		features: text.features ?? entry.plan.features,
	};
}
