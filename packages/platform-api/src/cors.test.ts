import { describe, expect, it } from 'vitest';
import { normalizeCorsOrigin } from './cors.ts';

describe('normalizeCorsOrigin', () => {
	it('keeps an origin as browsers send it', () => {
		expect(normalizeCorsOrigin(' https://WWW.Example.com/ ')).toEqual({ ok: true, origin: 'https://www.example.com' });
		expect(normalizeCorsOrigin('http://localhost:3000')).toEqual({ ok: true, origin: 'http://localhost:3000' });
		expect(normalizeCorsOrigin('https://shop.example.com:443')).toEqual({ ok: true, origin: 'https://shop.example.com' });
		expect(normalizeCorsOrigin('https://bücher.example')).toEqual({ ok: true, origin: 'https://xn--bcher-kva.example' });
	});

	it('refuses what is not one origin, saying what to write', () => {
		for (const value of [
			'',
			'www.example.com',
			'https://example.com/app',
			'https://example.com?x=1',
			'https://*.example.com',
			'ftp://example.com',
			'https://user:pw@example.com',
			'javascript:alert(1)',
		]) {
			const check = normalizeCorsOrigin(value);
			expect(check.ok, value).toBe(false);
			expect(check.ok ? '' : check.message, value).toContain('is not an origin: write a scheme and a host, like https://www.example.com');
		}
	});
});
