import { describe, expect, it } from 'vitest';
import { maskLogLine } from './log-masking.ts';

describe('maskLogLine', () => {
	it("masks the site's secrets, tokens, passwords and connection passwords, keeping the rest", () => {
		expect(maskLogLine('env SECRET=abcdefgh12345678 loaded', ['abcdefgh12345678'])).toBe('env SECRET=[masked] loaded');
		expect(maskLogLine('token eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl seen', [])).toBe('token [masked] seen');
		expect(maskLogLine('Authorization: Bearer abc.def', [])).toBe('Authorization: [masked]');
		expect(maskLogLine('cookie: session=abc; other=xyz', [])).toBe('cookie: [masked]');
		expect(maskLogLine('{"password":"two words, and a \\"quote\\"","user":"a"}', [])).toBe('{"password":"[masked]","user":"a"}');
		expect(maskLogLine('{"headers":{"authorization":"Bearer abc"}}', [])).toBe('{"headers":{"authorization":"[masked]"}}');
		expect(maskLogLine('{"email":"a@b.c","password":"hunter22"}', [])).toBe('{"email":"a@b.c","password":"[masked]"}');
		expect(maskLogLine('GET /items?access_token=xyz123&limit=1', [])).toBe('GET /items?access_token=[masked]&limit=1');
		expect(maskLogLine('connect postgres://epic:s3cret@db:5432/site failed', [])).toBe('connect postgres://epic:[masked]@db:5432/site failed');
		expect(maskLogLine('{"license_key":"DLK-abc-123","license_token":null}', [])).toBe('{"license_key":"[masked]","license_token":null}');
		expect(maskLogLine('env LICENSE_KEY=DLK-abc-123 ignored', [])).toBe('env LICENSE_KEY=[masked] ignored');
		expect(maskLogLine('Directus-License-Key: DLK-abc-123', [])).toBe('Directus-License-Key: [masked]');
		expect(maskLogLine('{"Directus-License-Key":"DLK-abc-123"}', [])).toBe('{"Directus-License-Key":"[masked]"}');
		expect(maskLogLine('Couldn\'t find webhook or manual triggered flow with id "42"', [])).toBe('Couldn\'t find webhook or manual triggered flow with id "42"');
	});
});
