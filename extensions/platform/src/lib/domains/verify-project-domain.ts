/**
 * The customer's DNS check of a domain for one of their projects (docs/product.md, Domains), behind
 * `POST /dns-verify` and `POST /flows/trigger/dns-verify`. The input is checked first, then that the
 * caller owns the project (read as the system with an explicit owner filter: customers hold no
 * permission on `projects`, docs/access-model.md), then DNS is asked.
 */
import type { ApiExtensionContext } from '@directus/types';
import { z } from 'zod';
import { DomainErrors, ProjectNotFoundError } from '../errors.ts';
import { parseInput } from '../http/parse-input.ts';
import type { DnsVerifier } from './dns-verifier.ts';
import { normalizeDomain } from './normalize-domain.ts';

export type ServiceContext = Pick<ApiExtensionContext, 'services' | 'getSchema'>;

/** What both doors answer: verified or not, and the message the portal shows. */
export interface DomainVerificationAnswer {
	verified: boolean;
	message: string;
}

const DOMAIN_REQUIRED = 'Please enter a domain.';

const VerifyDomainSchema = z.object({
	project_id: z.uuid({ error: 'must be the id of one of your projects' }),
	domain: z.string({ error: DOMAIN_REQUIRED }).trim().min(1, DOMAIN_REQUIRED).max(1000, 'is too long'),
});

/** `value` as a normalized domain, or the error of the rule it breaks, naming `field`. */
export function requireDomain(field: string, value: string, reservedHosts: readonly string[]): string {
	const result = normalizeDomain(value, reservedHosts);
	if (result.ok) return result.domain;
	throw new DomainErrors[result.code]({ field, reason: result.message });
}

async function requireOwnProject(context: ServiceContext, userId: string, projectId: string): Promise<void> {
	const projects = new context.services.ItemsService('projects', { schema: await context.getSchema() });
	const [project] = await projects.readByQuery({
		fields: ['id'],
		filter: { _and: [{ id: { _eq: projectId } }, { owner: { _eq: userId } }] },
		limit: 1,
	});
	if (!project) throw new ProjectNotFoundError();
}

export async function verifyProjectDomain(
	context: ServiceContext,
	domains: { verifier: DnsVerifier; reservedHosts: readonly string[] },
	userId: string,
	body: unknown,
): Promise<DomainVerificationAnswer> {
	const input = parseInput(VerifyDomainSchema, body);
	const domain = requireDomain('domain', input.domain, domains.reservedHosts);
	await requireOwnProject(context, userId, input.project_id);
	const { verified, message } = await domains.verifier.verify(domain);
	return { verified, message };
}
