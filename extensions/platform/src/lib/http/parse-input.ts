/** Validates a request's input before anything is touched; a failure names each field. */
import type { z } from 'zod';
import { InvalidPayloadError } from '../errors.ts';

export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
	const result = schema.safeParse(value ?? {});
	if (result.success) return result.data;
	const reason = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
	throw new InvalidPayloadError({ reason });
}
