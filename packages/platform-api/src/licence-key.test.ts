import { describe, expect, it } from 'vitest';
import { LICENCE_KEY_MESSAGE, normalizeLicenceKey } from './licence-key.ts';

describe('normalizeLicenceKey', () => {
	it('keeps a key as pasted, without the spaces and newline around it', () => {
		expect(normalizeLicenceKey('  dk_live_AbC-123.456\n')).toEqual({ ok: true, key: 'dk_live_AbC-123.456' });
		expect(normalizeLicenceKey('a'.repeat(8))).toEqual({ ok: true, key: 'a'.repeat(8) });
		expect(normalizeLicenceKey('a'.repeat(512))).toEqual({ ok: true, key: 'a'.repeat(512) });
	});

	it('refuses what cannot be a key, without repeating the value', () => {
		const refused = [
			'',
			'       ',
			'short',
			'a'.repeat(7),
			'a'.repeat(513),
			'has a space',
			'tab\there-key',
			'line\nbreak-key',
			'ключ-лицензии',
			'nul\u0000character',
			12345678,
			null,
			undefined,
			{ key: 'abcdefgh' },
		];
		for (const value of refused) expect(normalizeLicenceKey(value), String(value)).toEqual({ ok: false, message: LICENCE_KEY_MESSAGE });
	});
});
