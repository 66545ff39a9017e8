/** Stripe-looking ids: the prefix names the kind of object (`cus_`, `sub_`, …), then random base62. */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomToken(length: number): string {
	// 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps the draw uniform.
	let token = '';
	while (token.length < length) {
		for (const byte of randomBytes(length * 2)) {
			if (byte < 248 && token.length < length) token += ALPHABET[byte % 62];
		}
	}
	return token;
}

export function newId(prefix: string, length = 24): string {
	return `${prefix}${randomToken(length)}`;
}
