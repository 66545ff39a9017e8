/**
 * Two pure pieces the server rests on: decoding Stripe's form encoding (both the official
 * library's indexed arrays and `key[]=` appends) and period boundaries counted from the anchor.
 */
import { describe, expect, it } from 'vitest';
import { canonicalForm, FormError, parseForm } from '../support/stripe-server/form.ts';
import { Params } from '../support/stripe-server/params.ts';
import { periodBoundary } from '../support/stripe-server/periods.ts';

describe('form decoding', () => {
	it('nests bracketed keys and reads lists written either way', () => {
		const tree = parseForm('line_items[0][price]=price_1&line_items[0][quantity]=2&subscription_data[metadata][project]=p1&expand[]=subscription&expand[]=customer');
		expect(tree).toEqual({
			line_items: { 0: { price: 'price_1', quantity: '2' } },
			subscription_data: { metadata: { project: 'p1' } },
			expand: ['subscription', 'customer'],
		});
		const params = new Params(parseForm('lookup_keys[1]=b&lookup_keys[0]=a&expand[0]=data.product'));
		expect(params.stringList('lookup_keys')).toEqual(['a', 'b']);
		expect(params.stringList('expand')).toEqual(['data.product']);
	});

	it('decodes percent-encoded brackets and quotes as the library sends a search query', () => {
		expect(parseForm('query=metadata[%27plan_id%27]%3A%27pro%27')).toEqual({ query: "metadata['plan_id']:'pro'" });
		expect(parseForm('metadata%5Bplan%5D=pro')).toEqual({ metadata: { plan: 'pro' } });
	});

	it('refuses a key that is both a value and a hash', () => {
		expect(() => parseForm('metadata=x&metadata[a]=b')).toThrow(FormError);
	});

	it('renders the same parameters the same way in any order (the idempotency fingerprint)', () => {
		expect(canonicalForm(parseForm('a=1&b[c]=2&b[d]=3'))).toBe(canonicalForm(parseForm('b[d]=3&a=1&b[c]=2')));
		expect(canonicalForm(parseForm('a=1'))).not.toBe(canonicalForm(parseForm('a=2')));
	});

	it('applies metadata updates as Stripe does: set, remove one with an empty value, clear all', () => {
		const update = new Params(parseForm('metadata[plan]=pro&metadata[old]=')).metadata()!;
		expect(update({ old: 'x', keep: 'y' })).toEqual({ keep: 'y', plan: 'pro' });
		expect(new Params(parseForm('metadata=')).metadata()!({ a: 'b' })).toEqual({});
	});
});

describe('period boundaries', () => {
	const at = (...parts: [number, number, number]) => Math.floor(Date.UTC(...parts, 12) / 1000);

	it('clamps a month to its last day without drifting off the anchor day', () => {
		const anchor = at(2026, 0, 31);
		expect([1, 2, 3, 4].map((n) => periodBoundary(anchor, 'month', 1, n))).toEqual([at(2026, 1, 28), at(2026, 2, 31), at(2026, 3, 30), at(2026, 4, 31)]);
		expect(periodBoundary(anchor, 'month', 3, 1)).toBe(at(2026, 3, 30));
	});

	it('counts years from a leap day, weeks and days exactly', () => {
		expect(periodBoundary(at(2028, 1, 29), 'year', 1, 1)).toBe(at(2029, 1, 28));
		expect(periodBoundary(at(2028, 1, 29), 'year', 1, 4)).toBe(at(2032, 1, 29));
		expect(periodBoundary(at(2026, 0, 1), 'week', 2, 1)).toBe(at(2026, 0, 15));
		expect(periodBoundary(at(2026, 0, 1), 'day', 1, 31)).toBe(at(2026, 1, 1));
	});
});
