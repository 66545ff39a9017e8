import { describe, expect, it } from 'vitest';
import { checkCorsOrigins } from './cors-origins-form';

describe('checkCorsOrigins', () => {
	it('reads one origin per line, normalised, without blanks or repeats', () => {
		expect(checkCorsOrigins('https://WWW.example.com/\n\n http://localhost:3000 \nhttps://www.example.com')).toEqual({
			ok: true,
			origins: ['https://www.example.com', 'http://localhost:3000'],
		});
		expect(checkCorsOrigins('')).toEqual({ ok: true, origins: [] });
	});

	it('names the first line that is not an origin, and refuses more than the maximum', () => {
		expect(checkCorsOrigins('https://ok.example\n  www.example.com ')).toEqual({ ok: false, problem: { kind: 'invalid', entry: 'www.example.com' } });
		const many = Array.from({ length: 21 }, (_, index) => `https://site${index}.example`).join('\n');
		expect(checkCorsOrigins(many)).toEqual({ ok: false, problem: { kind: 'tooMany' } });
	});
});
