/**
 * A project's Directus licence key (docs/product.md, Directus tier): one rule for the portal's form,
 * the control plane that stores it encrypted and the runtime that gives it to the site. A refusal
 * never repeats the value: it is a secret, and a refusal may end up in a log.
 */

export const LICENCE_KEY_MIN_LENGTH = 8;
export const LICENCE_KEY_MAX_LENGTH = 512;

export type LicenceKeyCheck = { ok: true; key: string } | { ok: false; message: string };

/** Printable ASCII without spaces: what a key copied from Directus's account pages consists of. */
const PRINTABLE_WITHOUT_WHITESPACE = /^[\x21-\x7E]+$/;

export const LICENCE_KEY_MESSAGE = `A licence key is ${LICENCE_KEY_MIN_LENGTH} to ${LICENCE_KEY_MAX_LENGTH} printable characters without spaces, as Directus gives it`;

/** The key as pasted, trimmed (a copied key often carries a trailing newline); anything else is refused. */
export function normalizeLicenceKey(value: unknown): LicenceKeyCheck {
	if (typeof value !== 'string') return { ok: false, message: LICENCE_KEY_MESSAGE };
	const key = value.trim();
	const fits = key.length >= LICENCE_KEY_MIN_LENGTH && key.length <= LICENCE_KEY_MAX_LENGTH && PRINTABLE_WITHOUT_WHITESPACE.test(key);
	return fits ? { ok: true, key } : { ok: false, message: LICENCE_KEY_MESSAGE };
}
