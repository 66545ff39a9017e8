import {
  billingPortalSessionSchema,
  sandboxPortalSchema,
  type BillingPortalRequest,
  type BillingPortalSession,
  type SandboxPortal,
} from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { billingRequest } from './billing-request';
import { SANDBOX_PORTAL_KEY } from './subscription';

/** `POST /stripe/create-billing-portal-session`: where the customer manages invoices, card and cancellation. */
export function createBillingPortalSession(returnUrl: string): Promise<BillingPortalSession> {
  const body: BillingPortalRequest = { return_url: returnUrl };
  return billingRequest({ method: 'POST', path: '/create-billing-portal-session', body }, billingPortalSessionSchema);
}

/** `GET /stripe/sandbox/portal`: what the sandbox's billing portal page shows. */
export const fetchSandboxPortal = (): Promise<SandboxPortal> =>
  billingRequest({ method: 'GET', path: '/sandbox/portal' }, sandboxPortalSchema);

export function useSandboxPortal() {
  const { user } = useAuth();
  return useSWR(user ? ([SANDBOX_PORTAL_KEY, user.id] as const) : null, fetchSandboxPortal);
}
