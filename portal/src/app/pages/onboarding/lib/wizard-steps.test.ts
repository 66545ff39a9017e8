import { describe, expect, it } from 'vitest';
import { previousStep, progressPercent, stepAfterDetails, stepState, visibleSteps } from './wizard-steps';

describe('onboarding steps', () => {
	it('lists four steps, or details and setup for a subscriber', () => {
		expect(visibleSteps(false)).toEqual([1, 2, 3, 4]);
		expect(visibleSteps(true)).toEqual([1, 4]);
	});

	it('computes the percent as step of four without a subscription', () => {
		expect([1, 2, 3, 4].map((step) => progressPercent(step as 1 | 2 | 3 | 4, false))).toEqual([25, 50, 75, 100]);
	});

	it('computes 25 % at step 1 and 100 % afterwards with a subscription', () => {
		expect(progressPercent(1, true)).toBe(25);
		expect(progressPercent(4, true)).toBe(100);
	});

	it('goes from the details to setup with a subscription, to payment with a chosen plan, else to the plans', () => {
		expect(stepAfterDetails(true, false)).toBe(4);
		expect(stepAfterDetails(true, true)).toBe(4);
		expect(stepAfterDetails(false, true)).toBe(3);
		expect(stepAfterDetails(false, false)).toBe(2);
	});

	it('goes back one step, and from setup to the details', () => {
		expect(previousStep(1)).toBeNull();
		expect(previousStep(2)).toBe(1);
		expect(previousStep(3)).toBe(2);
		expect(previousStep(4)).toBe(1);
	});

	it('marks steps before the current one complete and later ones upcoming', () => {
		expect(([1, 2, 3, 4] as const).map((step) => stepState(step, 3))).toEqual(['complete', 'complete', 'current', 'upcoming']);
		expect(([1, 4] as const).map((step) => stepState(step, 1))).toEqual(['current', 'upcoming']);
	});
});
