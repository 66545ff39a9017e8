import { describe, expect, it } from 'vitest';
import { DOMAIN_MESSAGES, normalizeCustomDomain } from './custom-domain.ts';

const PLATFORM = ['sites.example.net', 'cms.example.net'];
const normalize = (input: string | null) => normalizeCustomDomain(input, PLATFORM);

describe('normalizeCustomDomain', () => {
	it('stores host names lower-case, in punycode, without a trailing dot', () => {
		expect(normalize('WWW.Example.COM')).toEqual({ ok: true, domain: 'www.example.com' });
		expect(normalize('  example.com.  ')).toEqual({ ok: true, domain: 'example.com' });
		expect(normalize('bücher.example')).toEqual({ ok: true, domain: 'xn--bcher-kva.example' });
		expect(normalize('пример.рф')).toEqual({ ok: true, domain: 'xn--e1afmkfd.xn--p1ai' });
		expect(normalize('a-b.c-d.example.org')).toEqual({ ok: true, domain: 'a-b.c-d.example.org' });
	});

	it('clears the domain for empty input or null', () => {
		expect(normalize('')).toEqual({ ok: true, domain: null });
		expect(normalize('   ')).toEqual({ ok: true, domain: null });
		expect(normalize(null)).toEqual({ ok: true, domain: null });
	});

	it('refuses IP addresses, however written', () => {
		for (const input of ['192.168.1.10', '10.0.0.1.', '[::1]', '::1', '2001:db8::1', '1.2.3', '0x7f.0.0.1']) {
			expect(normalize(input), input).toEqual({ ok: false, problem: DOMAIN_MESSAGES.ip });
		}
	});

	it('refuses what is not a host name', () => {
		for (const input of [
			'https://example.com',
			'example.com/path',
			'example.com:8080',
			'user@example.com',
			'*.example.com',
			'localhost',
			'example',
			'-bad.example.com',
			'bad-.example.com',
			'under_score.example.com',
			'a..example.com',
			'example.123',
			`${'a'.repeat(64)}.example.com`,
			`${'abcdefghi.'.repeat(26)}com`,
			'exa mple.com',
		]) {
			expect(normalize(input), input).toEqual({ ok: false, problem: DOMAIN_MESSAGES.invalid });
		}
	});

	it("refuses the platform's own hosts and their subdomains", () => {
		for (const input of ['sites.example.net', 'shop.sites.example.net', 'SITES.example.net.', 'cms.example.net', 'a.cms.example.net']) {
			expect(normalize(input), input).toEqual({ ok: false, problem: DOMAIN_MESSAGES.platform });
		}
		expect(normalize('example.net')).toEqual({ ok: true, domain: 'example.net' });
		expect(normalize('notsites.example.net')).toEqual({ ok: true, domain: 'notsites.example.net' });
	});
});
