/**
 * The billing feature's pieces the app composes elsewhere (the onboarding wizard's "choose plan"
 * and "payment" steps). Routes load the pages directly from components/.
 */
export { PlanSelection, type PlanSelectionProps } from './components/plan-selection';
export { PaymentStep, type PaymentStepProps } from './components/payment-step';
export { useSubscription } from './api/get-subscription';
export { refreshBillingState } from './api/refresh-billing-state';
export { isCurrentSubscription } from './lib/subscription-view';
