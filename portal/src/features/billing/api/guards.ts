import type {
  Payment,
  BillingConfig,
  BillingPortalSession,
  CardOnFile,
  CheckoutSession,
  CheckoutSessionCreated,
  Invoice,
  SandboxPortal,
  Subscription,
  SubscriptionStatus,
} from '@epic/platform-api';
import { isBillingPeriod } from '../../../lib/plans/plan-pricing';

/**
 * Structural checks of the billing API's answers (docs/product.md, Billing API), so an answer that
 * is not what the contract promises becomes an error state instead of a crash or a blank figure.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
] as const satisfies readonly SubscriptionStatus[];

export const isSubscriptionStatus = (value: unknown): value is SubscriptionStatus =>
  SUBSCRIPTION_STATUSES.some((status) => status === value);

export function isBillingConfig(value: unknown): value is BillingConfig {
  return (
    isRecord(value) &&
    (value.provider === 'sandbox' || value.provider === 'stripe') &&
    isStringOrNull(value.publishableKey)
  );
}

export function isSubscription(value: unknown): value is Subscription {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isSubscriptionStatus(value.status) &&
    isBillingPeriod(value.period) &&
    isRecord(value.plan) &&
    isString(value.plan.id) &&
    isString(value.plan.name) &&
    isStringOrNull(value.current_period_start) &&
    isStringOrNull(value.current_period_end) &&
    typeof value.cancel_at_period_end === 'boolean'
  );
}

export function isCheckoutSessionCreated(value: unknown): value is CheckoutSessionCreated {
  if (!isRecord(value)) return false;
  if (value.kind === 'checkout') return isString(value.id) && isString(value.client_secret);
  if (value.kind === 'changed') return isSubscription(value.subscription);
  return false;
}

export function isCheckoutSession(value: unknown): value is CheckoutSession {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.status) &&
    isStringOrNull(value.customer_email) &&
    isString(value.plan_id) &&
    isBillingPeriod(value.period) &&
    isNumber(value.amount)
  );
}

export function isBillingPortalSession(value: unknown): value is BillingPortalSession {
  return isRecord(value) && isString(value.url) && value.url !== '';
}

function isInvoice(value: unknown): value is Invoice {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.date) &&
    isNumber(value.amount) &&
    (value.status === 'paid' || value.status === 'pending' || value.status === 'failed') &&
    isString(value.plan_name) &&
    isBillingPeriod(value.period) &&
    isString(value.period_start) &&
    isString(value.period_end)
  );
}

function isCardOnFile(value: unknown): value is CardOnFile {
  return (
    isRecord(value) &&
    isString(value.brand) &&
    isString(value.last4) &&
    isNumber(value.exp_month) &&
    isNumber(value.exp_year) &&
    isString(value.cardholder)
  );
}

export function isSandboxPortal(value: unknown): value is SandboxPortal {
  return (
    isRecord(value) &&
    (value.subscription === null || isSubscription(value.subscription)) &&
    (value.card === null || isCardOnFile(value.card)) &&
    Array.isArray(value.invoices) &&
    value.invoices.every(isInvoice)
  );
}

function isPayment(value: unknown): value is Payment {
  return (
    isRecord(value) &&
    isString(value.id) &&
    isString(value.date) &&
    isNumber(value.amount) &&
    isString(value.currency) &&
    isStringOrNull(value.description) &&
    isStringOrNull(value.period_start) &&
    isStringOrNull(value.period_end)
  );
}

export const isPaymentList = (value: unknown): value is Payment[] => Array.isArray(value) && value.every(isPayment);
