import { describe, expect, it } from 'vitest';
import { transitionOf } from './subscription-lifecycle.ts';

describe('transitionOf', () => {
	it('ends a serving subscription that becomes unpaid or canceled', () => {
		expect(transitionOf('active', 'canceled')).toBe('ended');
		expect(transitionOf('past_due', 'unpaid')).toBe('ended');
	});

	it('resumes one that serves again, and a new one that serves', () => {
		expect(transitionOf('unpaid', 'active')).toBe('resumed');
		expect(transitionOf(null, 'active')).toBe('resumed');
		expect(transitionOf(null, 'trialing')).toBe('resumed');
	});

	it('announces nothing for changes within a side or a first sighting of an ended one', () => {
		expect(transitionOf('active', 'past_due')).toBeNull();
		expect(transitionOf('unpaid', 'canceled')).toBeNull();
		expect(transitionOf(null, 'canceled')).toBeNull();
	});
});
