import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseInput, PROJECT_MESSAGES, projectInputs } from './project-inputs.ts';
import { reservedLabels } from './reserved-labels.ts';

const inputs = projectInputs({
	reservedLabels: reservedLabels('sites.example.net', 'cms.sites.example.net'),
	platformHosts: ['sites.example.net', 'cms.sites.example.net'],
});

/** The message a refused input answers with: `field: reason; field: reason`. */
function refusal(schema: z.ZodType, body: unknown): string {
	try {
		parseInput(schema, body);
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error(`accepted ${JSON.stringify(body)}`);
}

describe('project creation input', () => {
	it('trims, lower-cases the subdomain and drops a blank description', () => {
		expect(parseInput(inputs.create, { name: '  My Shop ', subdomain: ' My-Shop2 ', description: '  ' })).toEqual({
			name: 'My Shop',
			subdomain: 'my-shop2',
			description: null,
			template: 'blank',
		});
		expect(parseInput(inputs.create, { name: 'x'.repeat(100), subdomain: 'a'.repeat(63) }).subdomain).toHaveLength(63);
		expect(parseInput(inputs.create, { name: 'n', subdomain: '7' }).subdomain).toBe('7');
	});

	it('takes a template by name and refuses one it does not offer', () => {
		expect(parseInput(inputs.create, { name: 'n', subdomain: 's', template: 'catalogue' }).template).toBe('catalogue');
		expect(refusal(inputs.create, { name: 'n', subdomain: 's', template: 'wiki' })).toBe(`template: ${PROJECT_MESSAGES.templateUnknown}`);
		expect(refusal(inputs.create, { name: 'n', subdomain: 's', template: null })).toBe(`template: ${PROJECT_MESSAGES.templateUnknown}`);
	});

	it("refuses bad names with the spec's message", () => {
		expect(refusal(inputs.create, { subdomain: 'ok' })).toBe(`name: ${PROJECT_MESSAGES.nameRequired}`);
		expect(refusal(inputs.create, { name: '   ', subdomain: 'ok' })).toBe(`name: ${PROJECT_MESSAGES.nameRequired}`);
		expect(refusal(inputs.create, { name: null, subdomain: 'ok' })).toBe(`name: ${PROJECT_MESSAGES.nameRequired}`);
		expect(refusal(inputs.create, { name: 'x'.repeat(101), subdomain: 'ok' })).toBe(`name: ${PROJECT_MESSAGES.nameTooLong}`);
		expect(refusal(inputs.create, { name: 'two\nlines', subdomain: 'ok' })).toBe(`name: ${PROJECT_MESSAGES.nameOneLine}`);
		expect(refusal(inputs.create, { name: 42, subdomain: 'ok' })).toBe(`name: ${PROJECT_MESSAGES.nameText}`);
	});

	it("refuses bad subdomains with the spec's messages", () => {
		expect(refusal(inputs.create, { name: 'n' })).toBe(`subdomain: ${PROJECT_MESSAGES.subdomainRequired}`);
		expect(refusal(inputs.create, { name: 'n', subdomain: '' })).toBe(`subdomain: ${PROJECT_MESSAGES.subdomainRequired}`);
		for (const subdomain of ['-shop', 'shop-', 'my_shop', 'my.shop', 'café', 'my shop', '--']) {
			expect(refusal(inputs.create, { name: 'n', subdomain }), subdomain).toBe(`subdomain: ${PROJECT_MESSAGES.subdomainInvalid}`);
		}
		expect(refusal(inputs.create, { name: 'n', subdomain: 'a'.repeat(64) })).toBe(`subdomain: ${PROJECT_MESSAGES.subdomainTooLong}`);
		for (const subdomain of ['www', 'API', 'admin', 'app', 'mail', 'portal', 'status', 'cms']) {
			expect(refusal(inputs.create, { name: 'n', subdomain }), subdomain).toBe(`subdomain: ${PROJECT_MESSAGES.subdomainReserved}`);
		}
	});

	it('refuses unknown fields and names every field at fault', () => {
		expect(refusal(inputs.create, { name: 'n', subdomain: 'ok', owner: 'x' })).toMatch(/owner/);
		expect(refusal(inputs.create, { name: 'n', subdomain: 'ok', status: 'published' })).toMatch(/status/);
		const both = refusal(inputs.create, {});
		expect(both).toContain('name: ');
		expect(both).toContain('subdomain: ');
	});
});

describe('project update input', () => {
	it('takes name, description and domain', () => {
		expect(parseInput(inputs.update, { domain: 'Bücher.Example.' })).toEqual({ domain: 'xn--bcher-kva.example' });
		expect(parseInput(inputs.update, { domain: '' })).toEqual({ domain: null });
		expect(parseInput(inputs.update, { domain: null, description: null })).toEqual({ domain: null, description: null });
		expect(parseInput(inputs.update, { name: ' New ' })).toEqual({ name: 'New' });
	});

	it('refuses an empty change, the subdomain and other fields', () => {
		expect(refusal(inputs.update, {})).toBe(`body: ${PROJECT_MESSAGES.nothingToChange}`);
		expect(refusal(inputs.update, { subdomain: 'other' })).toMatch(/subdomain/);
		expect(refusal(inputs.update, { admin_password: 'x' })).toMatch(/admin_password/);
		expect(refusal(inputs.update, { name: '' })).toBe(`name: ${PROJECT_MESSAGES.nameRequired}`);
		expect(refusal(inputs.update, { domain: 'sites.example.net' })).toMatch(/^domain: sites\.example\.net and its subdomains belong to the platform/);
		expect(refusal(inputs.update, { domain: 12 })).toBe(`domain: ${PROJECT_MESSAGES.domainText}`);
	});
});

describe('allowed origins input', () => {
	const origins = (count: number) => Array.from({ length: count }, (_, index) => `https://site${index}.example`);

	it('normalises each origin and drops repeats before counting them', () => {
		expect(parseInput(inputs.update, { cors_origins: ['https://WWW.Shop.example/', 'https://www.shop.example'] })).toEqual({ cors_origins: ['https://www.shop.example'] });
		expect(parseInput(inputs.update, { cors_origins: [...origins(20), 'https://site0.example'] }).cors_origins).toHaveLength(20);
		expect(parseInput(inputs.update, { cors_origins: [] })).toEqual({ cors_origins: [] });
	});

	it('refuses more than the maximum, an entry that is not an origin, and what is not a list', () => {
		expect(refusal(inputs.update, { cors_origins: origins(21) })).toBe(`cors_origins: ${PROJECT_MESSAGES.corsOriginsTooMany}`);
		expect(refusal(inputs.update, { cors_origins: ['https://ok.example', 'ok.example'] })).toContain('cors_origins: ok.example is not an origin');
		expect(refusal(inputs.update, { cors_origins: 'https://ok.example' })).toBe(`cors_origins: ${PROJECT_MESSAGES.corsOriginsList}`);
	});
});
