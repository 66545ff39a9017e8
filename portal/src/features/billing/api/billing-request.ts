import { customEndpoint, type HttpMethod } from '@directus/sdk';
import type { ZodType } from 'zod';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';

type BillingRequest = {
	method: HttpMethod;
	/** Under `/stripe`, e.g. `/subscription`. */
	path: string;
	body?: object;
	params?: Record<string, string>;
};

/**
 * One call to the billing API. The SDK unwraps `{ data }` and throws the `{ errors }` answer with
 * its HTTP response (read by lib/api-error.ts); an answer `schema` refuses throws an
 * UnexpectedResponseError, which users see as the generic message.
 */
export async function billingRequest<T>({ method, path, body, params }: BillingRequest, schema: ZodType<T>): Promise<T> {
	const data = await directus.request(
		customEndpoint<unknown>({
			path: `/stripe${path}`,
			method,
			...(body ? { body: JSON.stringify(body) } : {}),
			...(params ? { params } : {}),
		}),
	);
	return parseAnswer(schema, data, `${method} /stripe${path}`);
}
