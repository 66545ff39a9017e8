import { paths } from '../../../../config/paths';

/**
 * Where the payment step sends the customer once paid: the wizard's setup step, flagged as a
 * success. The checkout appends its `session_id`.
 */
export const PAYMENT_RETURN_PATH = `${paths.onboarding.path}?step=4&success=true`;

/** `?step=4&success=true`: the customer is back from paying and the project is to be created. */
export const isPaymentReturn = (params: URLSearchParams): boolean => params.get('step') === '4' && params.get('success') === 'true';
