/**
 * The onboarding wizard's steps (docs/product.md, Onboarding): 1 project details, 2 choose plan,
 * 3 payment, 4 project setup. A customer with a subscription only sees details and setup.
 */
export type WizardStep = 1 | 2 | 3 | 4;

/** "Step N of 4" counts all four steps, whichever flow the customer is in. */
export const WIZARD_STEP_COUNT = 4;

export type WizardStepName = 'details' | 'plan' | 'payment' | 'setup';

export const STEP_NAMES: Record<WizardStep, WizardStepName> = { 1: 'details', 2: 'plan', 3: 'payment', 4: 'setup' };

/** The steps the indicator lists. */
export const visibleSteps = (subscribed: boolean): WizardStep[] => (subscribed ? [1, 4] : [1, 2, 3, 4]);

/** The progress bar: with a subscription 25 % at step 1 and 100 % after it; otherwise step ÷ 4. */
export function progressPercent(step: WizardStep, subscribed: boolean): number {
	if (subscribed) return step === 1 ? 25 : 100;
	return (step / WIZARD_STEP_COUNT) * 100;
}

/**
 * Where submitting the details leads: a subscriber's project is created and set up at once; a
 * customer who picked a plan before registering goes straight to paying for it; anyone else chooses
 * a plan first.
 */
export function stepAfterDetails(subscribed: boolean, hasChosenPlan: boolean): WizardStep {
	if (subscribed) return 4;
	return hasChosenPlan ? 3 : 2;
}

/**
 * Back goes one step down; from the setup step it returns to the details, since only a subscriber
 * (or a customer who has just paid) is there and there is nothing left to choose or pay. Null on
 * the first step.
 */
export function previousStep(step: WizardStep): WizardStep | null {
	if (step === 1) return null;
	if (step === 4) return 1;
	return step === 3 ? 2 : 1;
}

/** Where each step stands in the indicator. */
export type StepState = 'complete' | 'current' | 'upcoming';

export function stepState(step: WizardStep, current: WizardStep): StepState {
	if (step === current) return 'current';
	return step < current ? 'complete' : 'upcoming';
}
