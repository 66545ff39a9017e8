import { paymentListSchema, type Payment } from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { billingRequest } from './billing-request';
import { BILLING_QUERY_KEYS } from './query-keys';

/** `GET /stripe/payments`: the customer's latest paid invoices, newest first, from either provider. */
export const fetchPayments = (): Promise<Payment[]> => billingRequest({ method: 'GET', path: '/payments' }, paymentListSchema);

/** Cached per user, like every billing view. */
export function usePayments() {
	const { user } = useAuth();
	return useSWR(user ? ([BILLING_QUERY_KEYS.payments, user.id] as const) : null, fetchPayments);
}
