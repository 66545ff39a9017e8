import { customEndpoint, type HttpMethod } from '@directus/sdk';
import { directus } from '../../../lib/directus';

/**
 * One call to the account API (`/account/*`, packages/platform-api/src/account.ts). The SDK adds
 * the token, unwraps `{ data }` and throws `{ errors }` answers, which lib/api-error.ts reads. Each
 * action has its own file and its own mutation hook, so each has its own busy flag.
 */
export async function accountRequest(method: HttpMethod, path: string, body?: object): Promise<unknown> {
	return directus.request(customEndpoint<unknown>({ path: `/account${path}`, method, ...(body ? { body: JSON.stringify(body) } : {}) }));
}
