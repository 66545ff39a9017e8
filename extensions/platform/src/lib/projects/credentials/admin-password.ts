/**
 * A project's generated admin password: 24 characters drawn uniformly (crypto.randomInt) from
 * letters and digits without look-alikes (0/O, 1/l/I), about 138 bits, so it can be read aloud or
 * typed from the dialog without mistakes.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ADMIN_PASSWORD_LENGTH = 24;

export function generateAdminPassword(): string {
	let password = '';
	for (let index = 0; index < ADMIN_PASSWORD_LENGTH; index++) password += ALPHABET[randomInt(ALPHABET.length)];
	return password;
}
