/**
 * The customer's DNS check of a domain for one of their projects (docs/product.md, Domains API), behind
 * `POST /dns-verify` and `POST /flows/trigger/dns-verify`. The input is checked first, then that the
 * caller owns the project (the projects service's owner-filtered read), then DNS is asked: the A
 * record and the project's proof record. A check of the project's own custom domain that succeeds
 * also routes it (routing/domain-routing.ts).
 */
import type { Project } from '@epic/platform-api';
import { z } from 'zod';
import { DomainErrors } from '../errors.ts';
import { parseInput } from '../http/parse-input.ts';
import type { DnsVerifier } from './dns-verifier.ts';
import { normalizeDomain } from './normalize-domain.ts';
import type { DomainRouting } from './routing/domain-routing.ts';

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

export interface ProjectDomainChecks {
	verifier: Pick<DnsVerifier, 'verifyOwnership'>;
	reservedHosts: readonly string[];
	routing: DomainRouting | null;
	/** The caller's own project, or ProjectNotFoundError. */
	readOwnProject: (userId: string, projectId: string) => Promise<Project>;
}

export async function verifyProjectDomain(checks: ProjectDomainChecks, userId: string, body: unknown): Promise<DomainVerificationAnswer> {
	const input = parseInput(VerifyDomainSchema, body);
	const domain = requireDomain('domain', input.domain, checks.reservedHosts);
	const project = await checks.readOwnProject(userId, input.project_id);
	const verification = await checks.verifier.verifyOwnership(domain, project.domain_proof_value);
	if (project.domain === domain) await checks.routing?.recordCheck(project.id, domain, verification);
	return { verified: verification.verified, message: verification.message };
}
