/**
 * The help centre's contact form (docs/product.md, Contact API): `POST /contact`, open to visitors
 * and customers alike.
 */
import { z } from 'zod';

/** Longest accepted value of each field, in characters. */
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

export interface ContactMessageRequest {
	name: string;
	email: string;
	subject: string;
	message: string;
}

/** `201`: the message is stored and support has been asked to answer. */
export const contactMessageReceiptSchema = z.object({
	id: z.string(),
});
export type ContactMessageReceipt = z.infer<typeof contactMessageReceiptSchema>;
