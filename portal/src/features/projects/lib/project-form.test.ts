import { describe, expect, it } from 'vitest';
import { checkProjectForm, checkSubdomain, normalizeSubdomain, sitePreview, toCreateRequest } from './project-form';

describe('new project form', () => {
	it('requires a name and a subdomain', () => {
		expect(checkProjectForm({ name: '  ', description: '', subdomain: '', template: 'blank' })).toEqual({
			name: 'nameRequired',
			subdomain: 'subdomainRequired',
		});
		expect(checkProjectForm({ name: 'Blog', description: '', subdomain: 'blog', template: 'blank' })).toEqual({});
	});

	it.each(['my-site', 'a', 'site2', 'My-Site', ' blog ', 'x'.repeat(63)])('accepts %s as a subdomain', (value) => {
		expect(checkSubdomain(value)).toBeNull();
	});

	it.each(['-site', 'site-', 'my_site', 'my site', 'café', 'a.b', 'x'.repeat(64)])('refuses %s as a subdomain', (value) => {
		expect(checkSubdomain(value)).toBe('subdomainInvalid');
	});

	it('previews the address in lower case', () => {
		expect(normalizeSubdomain(' My-Site ')).toBe('my-site');
		expect(sitePreview('My-Site', 'sites.example.com')).toBe('my-site.sites.example.com');
		expect(sitePreview('', 'sites.example.com')).toBe('my-project.sites.example.com');
	});

	it('sends trimmed values, the subdomain lower-case and no empty description', () => {
		expect(toCreateRequest({ name: ' Blog ', description: '  ', subdomain: ' My-Site ', template: 'blank' })).toEqual({ name: 'Blog', subdomain: 'my-site' });
		expect(toCreateRequest({ name: 'Blog', description: ' About ', subdomain: 'blog', template: 'blank' })).toEqual({ name: 'Blog', subdomain: 'blog', description: 'About' });
		expect(toCreateRequest({ name: 'Shop', description: '', subdomain: 'shop', template: 'catalogue' })).toEqual({ name: 'Shop', subdomain: 'shop', template: 'catalogue' });
	});
});
