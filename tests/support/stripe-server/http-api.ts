/**
 * One API request, start to end, as Stripe answers it: the secret key first (401), then the
 * decoded parameters, the idempotency check for POSTs, the route, `expand[]`, and the JSON answer
 * with Stripe's headers. Failures become Stripe's error bodies, so the official library raises
 * the same error classes it would against Stripe.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { StripeApiError, type StripeErrorBody } from './errors.ts';
import { expandAnswer } from './expand.ts';
import { canonicalForm, FormError, parseForm } from './form.ts';
import type { IdempotencyCache, StoredAnswer } from './idempotency.ts';
import { newId } from './ids.ts';
import { Params } from './params.ts';
import { matchRoute, type Route } from './router.ts';
import type { ServerState } from './state.ts';

export interface ApiDependencies {
	state: ServerState;
	routes: Route[];
	idempotency: IdempotencyCache;
	/** When set, the only key accepted; otherwise any test-mode secret key is. */
	secretKey: string | undefined;
}

export function answerApi(deps: ApiDependencies, request: IncomingMessage, body: string, response: ServerResponse): void {
	const requestId = newId('req_', 14);
	const url = new URL(request.url ?? '/', 'http://127.0.0.1');
	const method = request.method ?? 'GET';
	const idempotencyKey = method === 'POST' ? headerValue(request, 'idempotency-key') : undefined;
	const headers: Record<string, string> = {
		'Content-Type': 'application/json',
		'Request-Id': requestId,
		'Stripe-Version': headerValue(request, 'stripe-version') ?? Stripe.API_VERSION,
	};
	if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
	const send = (answer: StoredAnswer, extra: Record<string, string> = {}) => {
		response.writeHead(answer.status, { ...headers, ...extra });
		response.end(answer.body);
	};
	try {
		checkKey(request, deps.secretKey);
		const tree = parseForm(method === 'POST' ? body : url.search.slice(1));
		const fingerprint = `${method} ${url.pathname} ${canonicalForm(tree)}`;
		if (idempotencyKey !== undefined) {
			const replay = deps.idempotency.replay(idempotencyKey, fingerprint);
			if (replay) return send(replay, { 'Idempotent-Replayed': 'true' });
		}
		const match = matchRoute(deps.routes, method, url.pathname);
		if (!match) {
			throw new StripeApiError(404, `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
		}
		const params = new Params(tree);
		const expand = params.stringList('expand') ?? [];
		const result = deps.state.events.during({ id: requestId, idempotency_key: idempotencyKey ?? null }, () =>
			match.route.handle({ state: deps.state, params, path: match.path, expand }),
		);
		const answer = { status: 200, body: JSON.stringify(expandAnswer(deps.state.store, result, expand), null, 2) };
		if (idempotencyKey !== undefined) deps.idempotency.remember(idempotencyKey, fingerprint, answer);
		send(answer);
	} catch (error) {
		send(errorAnswer(error));
	}
}

function errorAnswer(error: unknown): StoredAnswer {
	if (error instanceof StripeApiError) return { status: error.status, body: JSON.stringify(error.body(), null, 2) };
	if (error instanceof FormError || error instanceof URIError) {
		return { status: 400, body: JSON.stringify(new StripeApiError(400, error.message).body(), null, 2) };
	}
	// A bug in this server, not a Stripe answer: say so plainly rather than dress it up.
	const body: StripeErrorBody = {
		error: { type: 'api_error', message: `The local Stripe test server failed: ${error instanceof Error ? error.stack : String(error)}` },
	};
	return { status: 500, body: JSON.stringify(body, null, 2) };
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
	const value = request.headers[name];
	return Array.isArray(value) ? value[0] : value;
}

/** Bearer (the official libraries) or Basic with the key as user name (curl -u sk_test_…:). */
function checkKey(request: IncomingMessage, expected: string | undefined): void {
	const authorization = headerValue(request, 'authorization') ?? '';
	let key: string | undefined;
	const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
	const basic = /^Basic\s+(\S+)$/i.exec(authorization);
	if (bearer) key = bearer[1];
	else if (basic) key = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
	if (!key) {
		throw new StripeApiError(
			401,
			"You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
		);
	}
	const testKey = /^(sk|rk)_test_\w+$/.test(key);
	if (!testKey || (expected !== undefined && key !== expected)) {
		throw new StripeApiError(401, `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
	}
}
