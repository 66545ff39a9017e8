/**
 * A customer's custom domain as the platform stores and checks it (docs/product.md, Domains API): trimmed,
 * lower-case, without the trailing dot, an internationalised name in punycode. Refused, each with its
 * own code: an IP address, anything that is not a host name, and the platform's own hosts with their
 * subdomains. Whether another project already uses the domain is the projects code's check (it needs
 * the database); this module is pure.
 */
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';

export type DomainProblemCode = 'DOMAIN_REQUIRED' | 'DOMAIN_IS_IP_ADDRESS' | 'DOMAIN_INVALID' | 'DOMAIN_RESERVED';

export type NormalizedDomain = { ok: true; domain: string } | { ok: false; code: DomainProblemCode; message: string };

const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** Before conversion: ASCII letters, digits, hyphens and dots, or any non-ASCII character (an IDN). */
const ALLOWED_INPUT = /^(?:[a-z0-9.-]|\P{ASCII})+$/u;
const LOOKS_LIKE_URL = /[/:@?#\\]/;

const EXAMPLE = 'Enter a host name such as www.example.com.';

function problem(code: DomainProblemCode, message: string): NormalizedDomain {
	return { ok: false, code, message };
}

function invalid(detail: string): NormalizedDomain {
	return problem('DOMAIN_INVALID', `This is not a valid domain name: ${detail}. ${EXAMPLE}`);
}

/** An IPv4 or IPv6 address as typed, with or without the brackets of a URL. */
function isIpAddress(value: string): boolean {
	return isIP(value.replace(/^\[(.*)\]$/, '$1')) !== 0;
}

/** `host` in the form domains are compared in: lower-case, no trailing dot, no port. */
export function reservedHostOf(host: string): string | null {
	const plain = host.trim().toLowerCase().replace(/\.$/, '');
	if (!plain || isIpAddress(plain)) return null;
	const ascii = domainToASCII(plain.replace(/:\d+$/, ''));
	return ascii || null;
}

/**
 * `reservedHosts`: the platform's hosts (`PUBLIC_HOST`, the host of `PUBLIC_URL`); they and every
 * subdomain of theirs are refused, since sites already live at `{subdomain}.{PUBLIC_HOST}`.
 */
export function normalizeDomain(input: string, reservedHosts: readonly string[]): NormalizedDomain {
	const typed = input.trim().toLowerCase();
	if (!typed) return problem('DOMAIN_REQUIRED', 'Please enter a domain.');
	if (isIpAddress(typed) || isIpAddress(typed.replace(/\.$/, ''))) {
		return problem('DOMAIN_IS_IP_ADDRESS', `A custom domain is a host name, not an IP address. ${EXAMPLE}`);
	}
	if (LOOKS_LIKE_URL.test(typed)) return invalid('enter the host name alone, without a scheme, port or path');
	if (!ALLOWED_INPUT.test(typed)) return invalid('use letters, digits, hyphens and dots only');

	const withoutDot = typed.endsWith('.') ? typed.slice(0, -1) : typed;
	const domain = domainToASCII(withoutDot);
	if (!domain) return invalid('it cannot be converted to an ASCII (punycode) name');
	// The URL host parser reads numeric forms such as 127.1 or 0x7f.1 as IPv4 addresses.
	if (isIpAddress(domain)) return problem('DOMAIN_IS_IP_ADDRESS', `A custom domain is a host name, not an IP address. ${EXAMPLE}`);

	if (domain.length > MAX_NAME_LENGTH) return invalid(`it is longer than ${MAX_NAME_LENGTH} characters`);
	const labels = domain.split('.');
	if (labels.length < 2) return invalid('it needs at least two parts, such as example.com');
	for (const label of labels) {
		if (label.length === 0) return invalid('it has an empty part (two dots in a row, or a leading dot)');
		if (label.length > MAX_LABEL_LENGTH) return invalid(`the part "${label}" is longer than ${MAX_LABEL_LENGTH} characters`);
		if (label.startsWith('-') || label.endsWith('-')) return invalid(`the part "${label}" starts or ends with a hyphen`);
		if (!LABEL.test(label)) return invalid(`the part "${label}" may hold only letters, digits and hyphens`);
	}

	for (const host of reservedHosts) {
		const reserved = reservedHostOf(host);
		if (reserved && (domain === reserved || domain.endsWith(`.${reserved}`))) {
			return problem('DOMAIN_RESERVED', `${reserved} and its subdomains belong to the platform. Enter a domain of your own.`);
		}
	}
	return { ok: true, domain };
}
