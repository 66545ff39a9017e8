/**
 * Reads one part of the platform's settings from the environment Directus was started with: the
 * schema's values, or one error naming every setting that is wrong (`what` says whose settings).
 */
import { z } from 'zod';

export function parseEnvConfig<T>(schema: z.ZodType<T>, env: Record<string, unknown>, what: string): T {
	const parsed = schema.safeParse(env);
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
		throw new Error(`Invalid ${what} configuration: ${problems.join('; ')}`);
	}
	return parsed.data;
}

/** A schedule setting: a cron expression of 5 or 6 fields (Directus's schedule hooks take both), else `fallback`. */
export function cronSetting(fallback: string) {
	return z
		.string()
		.trim()
		.regex(/^\S+(\s+\S+){4,5}$/, `must be a cron expression of 5 or 6 fields, e.g. "${fallback}"`)
		.default(fallback);
}
