/**
 * The password policy every password passes on its way into `directus_users` (registration, reset,
 * change, Studio): at least 8 characters, at most 256 (argon2 hashes whatever it is given, so very
 * long inputs are refused before they cost a hash), and not one of the 10,000 most common passwords.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@epic/platform-api';
import { PasswordTooCommonError, PasswordTooLongError, PasswordTooShortError } from '../../errors.ts';
import commonPasswords from './common-passwords.json';

const COMMON = new Set<string>(commonPasswords);

export function checkPasswordPolicy(password: string): void {
	// Characters, not UTF-16 units: an emoji is one character to the person typing it.
	const length = [...password].length;
	if (length < PASSWORD_MIN_LENGTH) throw new PasswordTooShortError({ min: PASSWORD_MIN_LENGTH });
	if (length > PASSWORD_MAX_LENGTH) throw new PasswordTooLongError({ max: PASSWORD_MAX_LENGTH });
	if (COMMON.has(password.toLowerCase())) throw new PasswordTooCommonError();
}
