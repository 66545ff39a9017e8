import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * An Emotion cache for one server render. In compat mode Emotion keeps every rule it generates in
 * `cache.inserted` instead of writing a `<style>` tag in front of each element, so the page gets
 * one stylesheet in its head (hundreds of inline style tags cost the browser more style work than
 * the page's whole layout).
 */
export function createRenderStyleCache(): EmotionCache {
	// The key the browser's default cache uses too, so the app generates the same class names.
	const cache = createCache({ key: 'css' });
	cache.compat = true;
	return cache;
}

/** Every rule the render generated, in the order Emotion inserted them (global styles first). */
export function stylesheetOf(cache: EmotionCache): string {
	return Object.values(cache.inserted)
		.filter((rules): rules is string => typeof rules === 'string')
		.join('');
}
