import { billingPortalSessionSchema, type BillingPortalRequest, type BillingPortalSession } from '@epic/platform-api';
import { billingRequest } from './billing-request';

/** `POST /stripe/create-billing-portal-session`: where the customer manages invoices, card and cancellation. */
export function createBillingPortalSession(returnUrl: string): Promise<BillingPortalSession> {
	const body: BillingPortalRequest = { return_url: returnUrl };
	return billingRequest({ method: 'POST', path: '/create-billing-portal-session', body }, billingPortalSessionSchema);
}
