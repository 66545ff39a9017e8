/**
 * Reads one part of the platform's settings from the environment Directus was started with: the
 * schema's values, or one error naming every setting that is wrong (`what` says whose settings).
 */
import type { z } from 'zod';

export function parseEnvConfig<T>(schema: z.ZodType<T>, env: Record<string, unknown>, what: string): T {
	const parsed = schema.safeParse(env);
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
		throw new Error(`Invalid ${what} configuration: ${problems.join('; ')}`);
	}
	return parsed.data;
}
