/**
 * Subdomains no customer may take (docs/product.md, Projects API): the names a site's visitors
 * would mistake for the platform's own, and the label of the control plane's own host when it
 * lives under `PUBLIC_HOST` (e.g. `cms` for `https://cms.example.com` with `PUBLIC_HOST=example.com`).
 */

/** The labels the product names as reserved. */
export const RESERVED_LABELS = ['www', 'api', 'admin', 'app', 'mail', 'portal', 'status'] as const;

/** Labels the platform runs, or may run, its own services on. */
export const PLATFORM_LABELS = [
	'cms',
	'control',
	'runtime',
	'router',
	'billing',
	'stripe',
	'auth',
	'help',
	'support',
	'docs',
	'static',
	'cdn',
	'assets',
	'smtp',
	'imap',
	'mx',
	'ns1',
	'ns2',
	'localhost',
] as const;

/** The reserved set for this platform: the fixed labels plus its control plane's host label. */
export function reservedLabels(publicHost: string, controlPlaneHost: string): ReadonlySet<string> {
	const labels = new Set<string>([...RESERVED_LABELS, ...PLATFORM_LABELS]);
	const host = controlPlaneHost.toLowerCase().replace(/\.$/, '');
	const parent = `.${publicHost.toLowerCase().replace(/\.$/, '')}`;
	if (host.endsWith(parent)) {
		// The first label below PUBLIC_HOST: `cms` for cms.example.com, `eu` for a.eu.example.com.
		const below = host.slice(0, -parent.length).split('.');
		const label = below[below.length - 1];
		if (label) labels.add(label);
	}
	return labels;
}
