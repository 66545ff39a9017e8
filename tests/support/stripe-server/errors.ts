/**
 * Stripe's error answers. The official library picks its error class from the status and `type`
 * (400/404 → StripeInvalidRequestError, or StripeIdempotencyError for `idempotency_error`; 401 →
 * StripeAuthenticationError), so both must match what Stripe sends for the same mistake.
 */
export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
	error: { type: StripeErrorType; message: string; param?: string; code?: string; doc_url?: string };
}

export class StripeApiError extends Error {
	readonly status: number;
	readonly type: StripeErrorType;
	readonly code: string | undefined;
	readonly param: string | undefined;

	constructor(status: number, message: string, options: { type?: StripeErrorType; code?: string; param?: string } = {}) {
		super(message);
		this.status = status;
		this.type = options.type ?? 'invalid_request_error';
		this.code = options.code;
		this.param = options.param;
	}

	body(): StripeErrorBody {
		const error: StripeErrorBody['error'] = { type: this.type, message: this.message };
		if (this.param !== undefined) error.param = this.param;
		if (this.code !== undefined) {
			error.code = this.code;
			error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}`;
		}
		return { error };
	}
}

export function invalidRequest(message: string, options: { param?: string; code?: string } = {}): StripeApiError {
	return new StripeApiError(400, message, options);
}

export function missingParam(param: string): StripeApiError {
	return invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing' });
}

export function unknownParam(param: string): StripeApiError {
	// Said plainly: a parameter Stripe knows but this server does not model fails here on purpose,
	// rather than being silently ignored and passing a test that real Stripe would answer otherwise.
	return invalidRequest(`Received unknown parameter: ${param} (the local Stripe test server does not model it)`, {
		param,
		code: 'parameter_unknown',
	});
}

export function invalidParam(param: string, message: string, code?: string): StripeApiError {
	return invalidRequest(message, code === undefined ? { param } : { param, code });
}

/**
 * An id that names nothing. In the URL path Stripe answers 404; named by a body or query parameter
 * it answers 400 with that parameter. Both carry `resource_missing`.
 */
export function resourceMissing(kind: string, id: string, param?: string): StripeApiError {
	return new StripeApiError(param === undefined ? 404 : 400, `No such ${kind}: '${id}'`, {
		code: 'resource_missing',
		param: param ?? 'id',
	});
}
