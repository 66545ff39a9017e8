/**
 * What an operator must not miss at start-up, printed loudly by `npm start` (and so by the
 * production stack's control plane): settings that run, but not as production should.
 */
import { getDomain } from 'tldts';
import type { PlatformConfig } from './config.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocal(host: string): boolean {
	return LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
}

/** The registrable domain (public suffix plus one label, private suffixes such as github.io included). */
function registrableDomain(host: string): string | null {
	return getDomain(host, { allowPrivateDomains: true });
}

export function startWarnings(config: Pick<PlatformConfig, 'publicUrl' | 'PUBLIC_HOST' | 'billingProvider'>): string[] {
	const warnings: string[] = [];
	const controlPlaneHost = new URL(config.publicUrl).hostname;
	const shared = registrableDomain(controlPlaneHost);
	if (shared && shared === registrableDomain(`site.${config.PUBLIC_HOST}`)) {
		warnings.push(
			`Customer sites (*.${config.PUBLIC_HOST}) share the control plane's registrable domain ${shared}: a site's script can set cookies for ${shared} that reach ${controlPlaneHost}. Give sites a domain of their own (PUBLIC_HOST=example-sites.com beside PUBLIC_URL=https://app.example.com).`,
		);
	}
	if (config.billingProvider === 'sandbox' && !isLocal(controlPlaneHost)) {
		warnings.push(
			`BILLING IS THE SANDBOX on ${controlPlaneHost}: Stripe's test cards buy any plan and nobody is charged. Set BILLING_PROVIDER=stripe and the Stripe keys for real payments.`,
		);
	}
	return warnings;
}

/** The warnings as a block no one scrolls past. */
export function formatStartWarnings(warnings: string[]): string {
	if (!warnings.length) return '';
	const rule = '!'.repeat(78);
	return ['', rule, ...warnings.map((warning) => `!! WARNING: ${warning}`), rule, ''].join('\n');
}
