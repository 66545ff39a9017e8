/**
 * The one handler behind both doors of the customer's DNS check: `POST /dns-verify` answers
 * `{ data: { verified, message } }` like every platform endpoint; `POST /flows/trigger/dns-verify`
 * answers `{ verified, message }` bare, as a Directus webhook flow answers with its last
 * operation's result. Refusals are Directus errors on both (401, 400 naming the field, 404).
 */
import type { RequestHandler } from 'express';
import { requireUserId } from '../http/accountability.ts';
import { asyncRoute } from '../http/async-route.ts';
import { ProjectService } from '../projects/project-service.ts';
import { projectsSetup } from '../projects/projects-setup.ts';
import type { PlatformServices } from '../platform-services.ts';
import type { DomainsContext } from './domains-services.ts';
import { verifyProjectDomain, type DomainVerificationAnswer } from './verify-project-domain.ts';

export function dnsVerifyRoute(context: DomainsContext, services: PlatformServices, shape: (answer: DomainVerificationAnswer) => unknown): RequestHandler {
	const projects = new ProjectService(context, projectsSetup(context, services));
	return asyncRoute(async (req, res) => {
		const userId = requireUserId(req);
		const { config, verifier, routing } = services.domains;
		const checks = { verifier, reservedHosts: config.reservedHosts, routing, readOwnProject: (user: string, id: string) => projects.read(user, id) };
		const answer = await verifyProjectDomain(checks, userId, req.body);
		res.json(shape(answer));
	});
}
