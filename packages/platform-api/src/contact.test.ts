import { describe, expect, it } from 'vitest';
import { contactMessageReceiptSchema } from './contact.ts';

describe('contactMessageReceiptSchema', () => {
	it("accepts the stored message's id and refuses anything else", () => {
		expect(contactMessageReceiptSchema.safeParse({ id: 'c1' }).success).toBe(true);
		expect(contactMessageReceiptSchema.safeParse({ id: 1 }).success).toBe(false);
		expect(contactMessageReceiptSchema.safeParse(null).success).toBe(false);
	});
});
