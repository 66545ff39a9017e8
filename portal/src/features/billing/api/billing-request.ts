import { customEndpoint, type HttpMethod } from '@directus/sdk';
import { UnexpectedResponseError } from '../../../lib/api-error';
import { directus } from '../../../lib/directus';

type BillingRequest = {
  method: HttpMethod;
  /** Under `/stripe`, e.g. `/subscription`. */
  path: string;
  body?: object;
  params?: Record<string, string>;
};

/**
 * One call to the billing API. The SDK unwraps `{ data }` and throws the `{ errors }` answer with
 * its HTTP response (read by lib/api-error.ts); `guard` turns an answer that breaks the contract
 * into an UnexpectedResponseError, which users see as the generic message.
 */
export async function billingRequest<T>(
  { method, path, body, params }: BillingRequest,
  guard: (value: unknown) => value is T,
): Promise<T> {
  const data = await directus.request(
    customEndpoint<unknown>({
      path: `/stripe${path}`,
      method,
      ...(body ? { body: JSON.stringify(body) } : {}),
      ...(params ? { params } : {}),
    }),
  );
  if (!guard(data)) throw new UnexpectedResponseError(`${method} /stripe${path} did not answer as the billing contract says`);
  return data;
}
