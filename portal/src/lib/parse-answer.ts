import { prettifyError, type ZodType } from 'zod';
import { UnexpectedResponseError } from './api-error';

/**
 * An answer as its schema in @epic/platform-api reads it. One the schema refuses (an HTML page from
 * a proxy, a field that breaks the contract) throws UnexpectedResponseError, which users see as the
 * generic message in the page's error state, never as a crash. `call` names the request for
 * developers, e.g. `GET /projects`.
 */
export function parseAnswer<T>(schema: ZodType<T>, answer: unknown, call: string): T {
	const read = schema.safeParse(answer);
	if (!read.success) throw new UnexpectedResponseError(`${call} did not answer as the contract says: ${prettifyError(read.error)}`);
	return read.data;
}
