/**
 * The one handler behind both doors of the customer's DNS check: `POST /dns-verify` answers
 * `{ data: { verified, message } }` like every platform endpoint; `POST /flows/trigger/dns-verify`
 * answers `{ verified, message }` bare, as a Directus webhook flow answers with its last
 * operation's result. Refusals are Directus errors on both (401, 400 naming the field, 404).
 */
import type { ApiExtensionContext } from '@directus/types';
import type { RequestHandler } from 'express';
import { requireUserId } from '../http/accountability.ts';
import { asyncRoute } from '../http/async-route.ts';
import { domainsRuntime } from './domains-runtime.ts';
import { verifyProjectDomain, type DomainVerificationAnswer } from './verify-project-domain.ts';

export function dnsVerifyRoute(
	context: Pick<ApiExtensionContext, 'services' | 'getSchema' | 'env'>,
	shape: (answer: DomainVerificationAnswer) => unknown,
): RequestHandler {
	return asyncRoute(async (req, res) => {
		const userId = requireUserId(req);
		const { config, verifier } = domainsRuntime(context);
		const answer = await verifyProjectDomain(context, { verifier, reservedHosts: config.reservedHosts }, userId, req.body);
		res.json(shape(answer));
	});
}
