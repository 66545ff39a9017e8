/** The billing API's inputs, validated before anything is touched; a failure names each field. */
import { z } from 'zod';
export { parseInput } from '../http/parse-input.ts';

export const checkoutInput = z.object({
	plan_id: z.string().trim().min(1).max(64),
	period: z.enum(['monthly', 'quarterly', 'yearly']),
	ui_mode: z.literal('embedded').default('embedded'),
	return_url: z.string().url().max(2048).optional(),
});

export const checkoutSessionQuery = z.object({ session_id: z.string().trim().min(1).max(128) });

export const portalInput = z.object({ return_url: z.string().url().max(2048).optional() });

export const sandboxConfirmInput = z.object({
	session_id: z.string().trim().min(1).max(128),
	card_number: z.string().max(32),
	expiry: z.string().max(8),
	cvc: z.string().max(8),
	cardholder: z.string().max(200),
	email: z.string().email().max(254),
});

export const advanceClockInput = z.object({ days: z.number().positive().max(3660) });
