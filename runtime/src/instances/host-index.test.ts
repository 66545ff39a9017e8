import { describe, expect, it } from 'vitest';
import { normaliseHost } from './host-index.ts';

describe('normaliseHost', () => {
	it('lower-cases and drops the port and a trailing dot', () => {
		expect(normaliseHost('Alpha.LocalHost:8055')).toBe('alpha.localhost');
		expect(normaliseHost('cms.example.com.')).toBe('cms.example.com');
		expect(normaliseHost('cms.example.com')).toBe('cms.example.com');
	});

	it('keeps IPv6 literals whole', () => {
		expect(normaliseHost('[::1]:8055')).toBe('[::1]');
	});

	it('rejects empty headers', () => {
		expect(normaliseHost(undefined)).toBeNull();
		expect(normaliseHost('')).toBeNull();
		expect(normaliseHost(':80')).toBeNull();
	});
});
