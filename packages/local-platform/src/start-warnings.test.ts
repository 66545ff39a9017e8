import { describe, expect, it } from 'vitest';
import { formatStartWarnings, startWarnings } from './start-warnings.ts';

const production = { publicUrl: 'https://app.example.com', PUBLIC_HOST: 'example-sites.com', billingProvider: 'stripe' as const };

describe('startWarnings', () => {
	it('says nothing for sites on a domain of their own and real billing', () => {
		expect(startWarnings(production)).toEqual([]);
	});

	it("warns when sites share the control plane's registrable domain, public suffixes included", () => {
		const [shared] = startWarnings({ ...production, PUBLIC_HOST: 'example.com' });
		expect(shared).toMatch(
			/^Customer sites \(\*\.example\.com\) share the control plane's registrable domain example\.com: a site's script can set cookies for example\.com that reach app\.example\.com/,
		);
		expect(startWarnings({ ...production, publicUrl: 'https://cms.shop.co.uk', PUBLIC_HOST: 'sites.shop.co.uk' })).toHaveLength(1);
		// Two customers of one private suffix are two registrable domains.
		expect(startWarnings({ ...production, publicUrl: 'https://cms.github.io', PUBLIC_HOST: 'sites.github.io' })).toEqual([]);
		expect(startWarnings({ ...production, publicUrl: 'https://app.example.com', PUBLIC_HOST: 'example.co.uk' })).toEqual([]);
	});

	it('warns loudly about the sandbox anywhere but on this machine', () => {
		expect(startWarnings({ ...production, billingProvider: 'sandbox' })).toEqual([expect.stringMatching(/^BILLING IS THE SANDBOX on app\.example\.com/)]);
		expect(startWarnings({ publicUrl: 'http://localhost:8055', PUBLIC_HOST: 'localhost', billingProvider: 'sandbox' })).toEqual([]);
		expect(formatStartWarnings(startWarnings({ ...production, billingProvider: 'sandbox' }))).toContain('!! WARNING: BILLING IS THE SANDBOX');
		expect(formatStartWarnings([])).toBe('');
	});
});
