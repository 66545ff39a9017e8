import { z } from 'zod';

/**
 * A text the contract names the values of, read as any text: where the portal meets a value it does
 * not know (one a newer control plane added), it reads it as documented there, so such a value must
 * not fail the whole answer. The type keeps the named values, for the bundle that writes them.
 */
export function openEnum<const T extends readonly string[]>(_values: T) {
	return z.custom<T[number]>((value) => typeof value === 'string');
}
