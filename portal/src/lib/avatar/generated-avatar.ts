import useSWRImmutable from 'swr/immutable';

/**
 * A cartoon avatar drawn in the browser from a seed (the customer's email), the same picture for
 * the same seed; no image service is asked. DiceBear loads on first use only, so it stays out of
 * the main bundle.
 */
export async function generateAvatar(seed: string): Promise<string> {
	// The style module itself is the style DiceBear draws with.
	const [{ createAvatar }, adventurer] = await Promise.all([import('@dicebear/core'), import('@dicebear/adventurer')]);
	return createAvatar(adventurer, { seed }).toDataUri();
}

/** Data URI of the generated avatar for `seed` (null: none wanted, or still drawing). */
export function useGeneratedAvatar(seed: string | null): string | null {
	const key = seed ? (['generated-avatar', seed.trim().toLowerCase()] as const) : null;
	const { data } = useSWRImmutable(key, ([, normalized]) => generateAvatar(normalized));
	return data ?? null;
}
