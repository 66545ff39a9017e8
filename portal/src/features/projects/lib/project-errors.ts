import { getErrorCode, getErrorMessage } from '../../../lib/api-error';

/** The server's own message for a refused payload: it names the field ("subdomain: …"). */
function serverMessage(error: unknown): string | null {
	const errors = (error as { errors?: { message?: unknown }[] } | null)?.errors;
	const message = Array.isArray(errors) ? errors[0]?.message : undefined;
	return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** Why creating a project failed, in words: for a refused payload the server's message, which names the field. */
export function describeProjectFailure(error: unknown): string {
	return getErrorCode(error) === 'INVALID_PAYLOAD' ? (serverMessage(error) ?? getErrorMessage(error)) : getErrorMessage(error);
}

/** True when the server refused the subdomain because another project has it. */
export const isSubdomainTaken = (error: unknown): boolean => getErrorCode(error) === 'SUBDOMAIN_TAKEN';
