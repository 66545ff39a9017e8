/** Environment helpers shared by every configuration loader. */

/** Empty strings count as unset, the way `.env` files and compose files write "no value". */
export function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
	return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])));
}
