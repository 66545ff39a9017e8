import { SUBDOMAIN_MAX_LENGTH, SUBDOMAIN_PATTERN, type Project } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { checkCopyForm, copyFormDefaults, copyProjectName, copySubdomain, toDuplicateRequest } from './copy-form';

const source = { id: 'p1', name: 'Shop', subdomain: 'shop' } as Project;
const copyName = (name: string) => `${name} (copy)`;

describe('copy form', () => {
	it('starts from the source marked as a copy, with the row’s backup when one was chosen', () => {
		expect(copyFormDefaults(source, null, copyName)).toEqual({ name: 'Shop (copy)', subdomain: 'shop-copy', backupId: null });
		expect(copyFormDefaults(source, { id: 'b1', kind: 'manual', created_at: '2026-01-01T00:00:00Z', size: 1 }, copyName).backupId).toBe('b1');
		expect(copyFormDefaults(null, null, copyName)).toEqual({ name: '', subdomain: '', backupId: null });
	});

	it('names the copy in the reader’s words, a long name cut so that the mark stays within 100 characters', () => {
		expect(copyFormDefaults(source, null, (name) => `${name} (copia)`).name).toBe('Shop (copia)');
		expect(copyProjectName('n'.repeat(100), copyName)).toBe(`${'n'.repeat(93)} (copy)`);
		// A cut that ends in a space does not leave two before the mark.
		expect(copyProjectName(`${'n'.repeat(92)} ${'n'.repeat(7)}`, copyName)).toBe(`${'n'.repeat(92)} (copy)`);
		expect(copyProjectName('n'.repeat(93), copyName)).toHaveLength(100);
	});

	it('prefills a valid subdomain other than the source’s, whatever the source’s length and hyphens', () => {
		expect(copySubdomain('a'.repeat(63))).toBe(`${'a'.repeat(58)}-copy`);
		// Cut right after a hyphen, or inside a run of them: none is left before the suffix.
		expect(copySubdomain(`${'a'.repeat(57)}-bbbbb`)).toBe(`${'a'.repeat(57)}-copy`);
		expect(copySubdomain(`${'a'.repeat(55)}---bbbbb`)).toBe(`${'a'.repeat(55)}-copy`);
		// The length where cutting `{subdomain}-copy` itself would have ended in `-`.
		expect(copySubdomain('a'.repeat(62))).toBe(`${'a'.repeat(58)}-copy`);
		for (let length = 1; length <= SUBDOMAIN_MAX_LENGTH; length++) {
			const long = `a${'-b'.repeat(32)}`.slice(0, length).replace(/-$/, 'c');
			const prefill = copySubdomain(long);
			expect(prefill.length, long).toBeLessThanOrEqual(SUBDOMAIN_MAX_LENGTH);
			expect(prefill, long).toMatch(SUBDOMAIN_PATTERN);
			expect(prefill, long).not.toBe(long);
			expect(checkCopyForm({ name: 'Copy', subdomain: prefill, backupId: null }), long).toEqual({});
		}
	});

	it('checks name and subdomain as a new project’s', () => {
		expect(checkCopyForm({ name: ' ', subdomain: 'Not valid!', backupId: null })).toEqual({ name: 'nameRequired', subdomain: 'subdomainInvalid' });
		expect(checkCopyForm({ name: 'Staging', subdomain: 'staging', backupId: null })).toEqual({});
	});

	it('sends the latest without a backup id, and a chosen one with it', () => {
		expect(toDuplicateRequest({ name: ' Staging ', subdomain: ' Staging ', backupId: null })).toEqual({ name: 'Staging', subdomain: 'staging' });
		expect(toDuplicateRequest({ name: 'Staging', subdomain: 'staging', backupId: 'b1' })).toEqual({ name: 'Staging', subdomain: 'staging', backup_id: 'b1' });
	});
});
