/**
 * The request id the host router gives every request it proxies (to a site or to the control
 * plane), so one request's log lines can be matched across the router and the control plane.
 */
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a client or an outer proxy may set: short tokens that cannot break a log line or a header. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The incoming id when it is one valid value, else a new UUID. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
	return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
