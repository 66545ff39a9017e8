/**
 * Where the provider may send a customer back: only pages of our own portal, so a checkout or the
 * billing portal can never be turned into a redirect to another site.
 */
import { InvalidPayloadError } from '../errors.ts';

export function ownPortalUrl(portalUrl: string, requested: string | undefined, fallbackPath: string, field: string): string {
	if (!requested) return `${portalUrl}${fallbackPath}`;
	const origin = new URL(portalUrl).origin;
	// `{CHECKOUT_SESSION_ID}` is not a valid URL character sequence for every parser; check the rest.
	if (new URL(requested.replace('{CHECKOUT_SESSION_ID}', 'x')).origin !== origin) {
		throw new InvalidPayloadError({ reason: `${field}: must be a page of ${origin}` });
	}
	return requested;
}
