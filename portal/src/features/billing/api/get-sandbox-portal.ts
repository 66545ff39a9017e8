import { sandboxPortalSchema, type SandboxPortal } from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { billingRequest } from './billing-request';
import { BILLING_QUERY_KEYS } from './query-keys';

/** `GET /stripe/sandbox/portal`: what the sandbox's billing portal page shows. */
export const fetchSandboxPortal = (): Promise<SandboxPortal> => billingRequest({ method: 'GET', path: '/sandbox/portal' }, sandboxPortalSchema);

export function useSandboxPortal() {
	const { user } = useAuth();
	return useSWR(user ? ([BILLING_QUERY_KEYS.sandboxPortal, user.id] as const) : null, fetchSandboxPortal);
}
