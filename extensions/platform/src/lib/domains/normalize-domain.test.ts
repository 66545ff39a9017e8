import { describe, expect, it } from 'vitest';
import { normalizeDomain, reservedHostOf } from './normalize-domain.ts';

const RESERVED = ['sites.example.net', 'portal.example.net:8443'];

function accepted(input: string): string {
	const result = normalizeDomain(input, RESERVED);
	if (!result.ok) throw new Error(`${input} refused: ${result.code} ${result.message}`);
	return result.domain;
}

function refused(input: string) {
	const result = normalizeDomain(input, RESERVED);
	if (result.ok) throw new Error(`${input} accepted as ${result.domain}`);
	return result;
}

describe('normalizeDomain', () => {
	it.each([
		['example.com', 'example.com'],
		['  WWW.Example.COM  ', 'www.example.com'],
		['example.com.', 'example.com'],
		['Bücher.Example', 'xn--bcher-kva.example'],
		['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
		['ＥＸＡＭＰＬＥ.com', 'example.com'],
		['a-b.c-d.example', 'a-b.c-d.example'],
		['xn--bcher-kva.example', 'xn--bcher-kva.example'],
		['123.example.com', '123.example.com'],
		['example.net', 'example.net'],
		['notsites.example.net', 'notsites.example.net'],
	])('accepts %j as %j', (input, expected) => {
		expect(accepted(input)).toBe(expected);
	});

	it('refuses an empty domain', () => {
		expect(refused('   ')).toMatchObject({ code: 'DOMAIN_REQUIRED', message: 'Please enter a domain.' });
	});

	it.each(['203.0.113.10', '203.0.113.10.', '::1', '[2001:db8::1]', '2001:DB8::1', '127.1', '0x7f.0.0.1'])('refuses the IP address %j', (input) => {
		expect(refused(input)).toMatchObject({ code: 'DOMAIN_IS_IP_ADDRESS', message: expect.stringContaining('not an IP address') });
	});

	it.each([
		['localhost', 'at least two parts'],
		['https://example.com/', 'without a scheme, port or path'],
		['example.com:8080', 'without a scheme, port or path'],
		['user@example.com', 'without a scheme, port or path'],
		['exa mple.com', 'letters, digits, hyphens and dots only'],
		['under_score.example.com', 'letters, digits, hyphens and dots only'],
		['%41.example.com', 'letters, digits, hyphens and dots only'],
		['-start.example.com', 'starts or ends with a hyphen'],
		['end-.example.com', 'starts or ends with a hyphen'],
		['a..example.com', 'an empty part'],
		['.example.com', 'an empty part'],
		['example.com..', 'an empty part'],
		[`${'a'.repeat(64)}.example.com`, 'longer than 63 characters'],
		[`${Array.from({ length: 50 }, () => 'abcd').join('.')}.example.com`, 'longer than 253 characters'],
		['example.123', 'punycode'],
		['xn--zz.example.com', 'punycode'],
	])('refuses %j as not a host name (%s)', (input, detail) => {
		const result = refused(input);
		expect(result.code).toBe('DOMAIN_INVALID');
		expect(result.message).toContain(detail);
		expect(result.message).toContain('www.example.com');
	});

	it.each(['sites.example.net', 'SITES.example.net.', 'my-site.sites.example.net', 'a.b.sites.example.net', 'portal.example.net'])(
		"refuses the platform's host or its subdomain %j",
		(input) => {
			expect(refused(input)).toMatchObject({ code: 'DOMAIN_RESERVED', message: expect.stringContaining('belong to the platform') });
		},
	);

	it('names the reserved host in its message', () => {
		expect(refused('x.sites.example.net').message).toBe('sites.example.net and its subdomains belong to the platform. Enter a domain of your own.');
	});
});

describe('reservedHostOf', () => {
	it('compares hosts without case, trailing dot or port, and ignores IP addresses', () => {
		expect(reservedHostOf('Sites.Example.NET.')).toBe('sites.example.net');
		expect(reservedHostOf('portal.example.net:8443')).toBe('portal.example.net');
		expect(reservedHostOf('127.0.0.1')).toBeNull();
		expect(reservedHostOf('')).toBeNull();
	});
});
