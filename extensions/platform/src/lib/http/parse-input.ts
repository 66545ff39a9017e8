/** Validates a request's input before anything is touched; a failure names each field. */
import { z } from 'zod';
import { InvalidPayloadError } from '../errors.ts';

// zod installs its English messages as a side effect of its entry module, and declares itself
// free of side effects, so the bundler drops that call: without this line every message of the
// bundle's inputs read "Invalid input" instead of naming what is wrong.
z.config(z.locales.en());

export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
	const result = schema.safeParse(value ?? {});
	if (result.success) return result.data;
	const reason = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
	throw new InvalidPayloadError({ reason });
}
