import { checkoutSessionSchema, type CheckoutSession, type SandboxConfirmRequest } from '@epic/platform-api';
import { billingRequest } from './billing-request';

/**
 * `POST /stripe/sandbox/confirm`: pays a sandbox checkout with the portal's card form. Answers the
 * completed session, or 402 `CARD_DECLINED` / `INSUFFICIENT_FUNDS`, or 400 `INVALID_PAYLOAD`.
 */
export const confirmSandboxPayment = (request: SandboxConfirmRequest): Promise<CheckoutSession> =>
	billingRequest({ method: 'POST', path: '/sandbox/confirm', body: request }, checkoutSessionSchema);
