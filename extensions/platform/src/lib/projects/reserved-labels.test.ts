import { describe, expect, it } from 'vitest';
import { RESERVED_LABELS, reservedLabels } from './reserved-labels.ts';

describe('reservedLabels', () => {
	it('holds the labels the product names', () => {
		const labels = reservedLabels('example.com', 'localhost');
		for (const label of ['www', 'api', 'admin', 'app', 'mail', 'portal', 'status']) expect(labels.has(label), label).toBe(true);
		expect(RESERVED_LABELS).toHaveLength(7);
		expect(labels.has('my-site')).toBe(false);
	});

	it("adds the control plane's own label when it lives under PUBLIC_HOST", () => {
		expect(reservedLabels('example.com', 'console.example.com').has('console')).toBe(true);
		expect(reservedLabels('example.com', 'a.eu.example.com').has('eu')).toBe(true);
		expect(reservedLabels('example.com', 'console.other.org').has('console')).toBe(false);
		expect(reservedLabels('example.com', 'example.com').has('')).toBe(false);
	});
});
