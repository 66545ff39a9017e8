import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
	it('keeps a valid incoming id', () => {
		expect(requestIdFrom('3f2a9c1e-0b7d-4e5f-8a6b-1c2d3e4f5a6b')).toBe('3f2a9c1e-0b7d-4e5f-8a6b-1c2d3e4f5a6b');
		expect(requestIdFrom('lb-01:abc.123@edge')).toBe('lb-01:abc.123@edge');
	});

	it('replaces a missing, repeated, too long or unsafe id with a new UUID', () => {
		for (const incoming of [undefined, '', ['a', 'b'], 'x'.repeat(129), 'two words', 'line\nbreak', '<script>']) {
			const id = requestIdFrom(incoming);
			expect(id, String(incoming)).toMatch(UUID);
		}
		expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
	});
});
