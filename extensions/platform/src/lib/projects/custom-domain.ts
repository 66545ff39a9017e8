/**
 * A project's custom domain as typed by a customer, made into the one form it is stored and
 * compared in (docs/product.md, Projects API): ASCII (punycode, by Node's `url.domainToASCII`, which
 * also lower-cases), without a trailing dot. Refused: anything that is not a host name (URLs, ports,
 * paths, single labels, underscores), IP addresses, and the platform's own hosts with their
 * subdomains. Empty means "no custom domain".
 */
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

export type DomainResult = { ok: true; domain: string | null } | { ok: false; problem: string };

export const DOMAIN_MESSAGES = {
	invalid: 'Please enter a valid domain name, such as www.example.com',
	ip: 'An IP address cannot be a custom domain. Please enter a domain name',
	platform: "This domain belongs to the platform. Please enter a domain of your own",
} as const;

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const MAX_HOST_LENGTH = 253;
/** Longer input is not a host name; it is refused before it is parsed. */
const MAX_INPUT_LENGTH = 512;

const invalid: DomainResult = { ok: false, problem: DOMAIN_MESSAGES.invalid };

function withoutTrailingDot(host: string): string {
	return host.endsWith('.') ? host.slice(0, -1) : host;
}

function isUnder(host: string, parent: string): boolean {
	return parent !== '' && (host === parent || host.endsWith(`.${parent}`));
}

/** `platformHosts`: PUBLIC_HOST and the control plane's own host. */
export function normalizeCustomDomain(input: string | null, platformHosts: readonly string[]): DomainResult {
	const typed = (input ?? '').trim();
	if (typed === '') return { ok: true, domain: null };
	if (typed.length > MAX_INPUT_LENGTH) return invalid;
	const bare = withoutTrailingDot(typed);
	if (isIP(bare.replace(/^\[(.*)\]$/, '$1'))) return { ok: false, problem: DOMAIN_MESSAGES.ip };
	// A URL, an address with a port or credentials, or a wildcard: the customer must type the host only.
	if (/[\s/\\:@?#*%]/.test(bare)) return invalid;

	const ascii = withoutTrailingDot(domainToASCII(bare));
	if (ascii === '') return invalid;
	// WHATWG parsing turns a host ending in a number (`1.2.3`, `0x7f.1`) into an IPv4 address.
	if (isIP(ascii)) return { ok: false, problem: DOMAIN_MESSAGES.ip };
	if (ascii.length > MAX_HOST_LENGTH) return invalid;
	const labels = ascii.split('.');
	if (labels.length < 2 || labels.some((label) => label.length > 63 || !LABEL.test(label))) return invalid;
	if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return invalid;

	const platform = platformHosts.map((host) => withoutTrailingDot(host.trim().toLowerCase()));
	if (platform.some((host) => isUnder(ascii, host))) return { ok: false, problem: DOMAIN_MESSAGES.platform };
	return { ok: true, domain: ascii };
}
