/**
 * What the help centre's contact form sends (`ContactMessageRequest`), with the portal's messages:
 * every field is required, the email must look like one (docs/product.md, Validation messages).
 */
import { CONTACT_LIMITS } from '@epic/platform-api';
import { z } from 'zod';

const REQUIRED = 'This field is required';
const required = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `must be at most ${max} characters`);

export const ContactMessageSchema = z
	.object({
		name: required(CONTACT_LIMITS.name).refine((value) => !/[\r\n]/.test(value), 'must be one line'),
		email: z
			.string({ error: REQUIRED })
			.trim()
			.min(1, REQUIRED)
			.max(254, 'must be at most 254 characters')
			.pipe(z.email({ error: 'Please enter a valid email address' })),
		subject: required(CONTACT_LIMITS.subject).refine((value) => !/[\r\n]/.test(value), 'must be one line'),
		message: required(CONTACT_LIMITS.message),
	})
	.strict();

export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;
