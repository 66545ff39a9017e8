import { describe, expect, it } from 'vitest';
import { publicSiteUrl } from './site-url.ts';

describe('publicSiteUrl', () => {
	it("leaves out the scheme's default port", () => {
		expect(publicSiteUrl('https', 'blog.example.com', 443)).toBe('https://blog.example.com');
		expect(publicSiteUrl('http', 'blog.example.com', '80')).toBe('http://blog.example.com');
		expect(publicSiteUrl('https', 'blog.example.com', '')).toBe('https://blog.example.com');
	});

	it('names any other port, as a number or as URL.port gives it', () => {
		expect(publicSiteUrl('http', 'blog.localhost', 8080)).toBe('http://blog.localhost:8080');
		expect(publicSiteUrl('https', 'blog.localhost', '8443')).toBe('https://blog.localhost:8443');
		expect(publicSiteUrl('http', 'blog.localhost', 443)).toBe('http://blog.localhost:443');
	});
});
