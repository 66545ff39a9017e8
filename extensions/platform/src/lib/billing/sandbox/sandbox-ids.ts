import { randomBytes } from 'node:crypto';

/** Ids shaped like Stripe's, marked as the sandbox's so they are never mistaken for real ones. */
export function sandboxId(prefix: 'cus' | 'cs' | 'sub' | 'in' | 'evt'): string {
	return `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
}
