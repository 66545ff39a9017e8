/**
 * The billing feature's pieces the app composes elsewhere (the onboarding wizard's "choose plan"
 * and "payment" steps). Routes load the pages directly from components/.
 */
export { PlanSelection, type PlanSelectionProps } from './components/plan-selection';
export { PaymentStep, type PaymentStepProps } from './components/payment-step';
export { useSubscription, refreshBillingState } from './api/subscription';
export { isCurrentSubscription } from './lib/subscription-view';
