import { describe, expect, test } from 'vitest';
import { authorize, keysOfDeleteRequest, type GateRequest } from './s3-gate-policy.ts';

const request = (overrides: Partial<GateRequest>): GateRequest => ({ method: 'GET', path: '/sites/p/a/file.txt', query: {}, copySource: undefined, ...overrides });
const allowed = (overrides: Partial<GateRequest>) => () => authorize(request(overrides), 'sites', 'p/a/');

describe('what a site may ask of the bucket', () => {
	test('its own objects, listings of its own prefix, copies and deletes within it', () => {
		expect(allowed({})).not.toThrow();
		expect(allowed({ method: 'PUT', copySource: '/sites/p/a/other.txt' })).not.toThrow();
		expect(allowed({ path: '/sites', query: { 'list-type': '2', prefix: 'p/a/' } })).not.toThrow();
		expect(allowed({ method: 'POST', path: '/sites', query: { delete: '' }, deleteKeys: ['p/a/x', 'p/a/y'] })).not.toThrow();
	});

	test('nothing of another prefix or bucket, nor the bucket itself', () => {
		const refused: Partial<GateRequest>[] = [
			{ path: '/sites/p/b/file.txt' },
			{ path: '/sites/p/a/../b/file.txt' },
			{ path: '/other/p/a/file.txt' },
			{ path: '/' },
			{ path: '/sites' },
			{ path: '/sites', query: { 'list-type': '2', prefix: 'p/' } },
			{ path: '/sites', query: { location: '' } },
			{ method: 'PUT', copySource: '/sites/p/b/file.txt' },
			{ method: 'PUT', copySource: '/other/p/a/file.txt' },
			{ method: 'POST', path: '/sites', query: { delete: '' }, deleteKeys: ['p/a/x', 'p/b/y'] },
			{ method: 'POST', path: '/sites', query: { delete: '' }, deleteKeys: [] },
		];
		for (const overrides of refused) expect(allowed(overrides), JSON.stringify(overrides)).toThrow(/own/);
	});

	test('reads a multi-object delete’s keys from its XML', () => {
		expect(keysOfDeleteRequest('<Delete><Object><Key>p/a/x&amp;y</Key></Object><Object><Key>p/b/z</Key></Object></Delete>')).toEqual(['p/a/x&y', 'p/b/z']);
	});
});
