import type { Project } from '@epic/platform-api';
import { describe, expect, it, vi } from 'vitest';
import type { DnsVerifier } from './dns-verifier.ts';
import { runDnsVerifyOperation } from './dns-verify-operation.ts';
import { ProjectNotFoundError } from '../errors.ts';
import type { DomainRouting } from './routing/domain-routing.ts';
import { verifyProjectDomain, type ProjectDomainChecks } from './verify-project-domain.ts';

const OWNER = '0b9d5f0e-1c2a-4e8b-9a51-4f7f1d2c3b4a';
const PROJECT = '7c6f3a1e-5d4b-4c2a-8e9f-1a2b3c4d5e6f';
const RESERVED = ['sites.example.net'];
const PROOF = 'epic-cms-verification=00112233445566778899aabbccddeeff';

/** Checks whose projects hold one row of OWNER's, with `domain` assigned; they record the reads they are asked. */
function checksWith(verifier: DnsVerifier, domain: string | null = null) {
	const reads: [string, string][] = [];
	const recorded: unknown[][] = [];
	const checks: ProjectDomainChecks = {
		verifier,
		reservedHosts: RESERVED,
		routing: { recordCheck: async (...args: unknown[]) => (recorded.push(args), 'route') } as unknown as DomainRouting,
		readOwnProject: async (user, id) => {
			reads.push([user, id]);
			if (user !== OWNER || id !== PROJECT) throw new ProjectNotFoundError();
			return { id: PROJECT, domain, domain_proof_value: PROOF } as Project;
		},
	};
	return { checks, reads, recorded };
}

function verifierAnswering(verified: boolean, message: string) {
	const answer = async () => ({ verified, outcome: verified ? 'verified' : 'wrong-address', message, addresses: ['203.0.113.10'] });
	const verify = vi.fn(answer);
	const verifyOwnership = vi.fn(answer);
	return { verifier: { verify, verifyOwnership } as unknown as DnsVerifier, verify, verifyOwnership };
}

describe('verifyProjectDomain', () => {
	it("checks the caller's own project and answers only verified and message", async () => {
		const { verifier, verifyOwnership } = verifierAnswering(true, 'DNS configuration verified successfully!');
		const { checks, reads, recorded } = checksWith(verifier);
		const answer = await verifyProjectDomain(checks, OWNER, { project_id: PROJECT, domain: ' WWW.Example.com. ' });
		expect(answer).toEqual({ verified: true, message: 'DNS configuration verified successfully!' });
		// The A record and the project's own proof record.
		expect(verifyOwnership).toHaveBeenCalledWith('www.example.com', PROOF);
		expect(reads).toEqual([[OWNER, PROJECT]]);
		// Not the project's assigned domain (it has none): nothing is routed.
		expect(recorded).toEqual([]);
	});

	it("records the check of the project's own domain for routing", async () => {
		const { verifier } = verifierAnswering(true, 'DNS configuration verified successfully!');
		const { checks, recorded } = checksWith(verifier, 'www.example.com');
		await verifyProjectDomain(checks, OWNER, { project_id: PROJECT, domain: 'www.example.com' });
		expect(recorded).toEqual([[PROJECT, 'www.example.com', expect.objectContaining({ verified: true })]]);
	});

	it("answers another customer's project as not found, without asking DNS", async () => {
		const { verifier, verifyOwnership } = verifierAnswering(true, 'ok');
		await expect(verifyProjectDomain(checksWith(verifier).checks, '11111111-2222-4333-8444-555555555555', { project_id: PROJECT, domain: 'example.com' })).rejects.toMatchObject({
			code: 'PROJECT_NOT_FOUND',
			status: 404,
			message: 'Project not found',
		});
		expect(verifyOwnership).not.toHaveBeenCalled();
	});

	it.each([
		[{ project_id: PROJECT }, 'INVALID_PAYLOAD', 'domain: Please enter a domain.'],
		[{ project_id: PROJECT, domain: '  ' }, 'INVALID_PAYLOAD', 'domain: Please enter a domain.'],
		[{ domain: 'example.com' }, 'INVALID_PAYLOAD', 'project_id: must be the id of one of your projects'],
		[{ project_id: 'nope', domain: 'example.com' }, 'INVALID_PAYLOAD', 'project_id: must be the id of one of your projects'],
		[{ project_id: PROJECT, domain: '203.0.113.10' }, 'DOMAIN_IS_IP_ADDRESS', 'domain: A custom domain is a host name, not an IP address.'],
		[{ project_id: PROJECT, domain: 'my.sites.example.net' }, 'DOMAIN_RESERVED', 'domain: sites.example.net and its subdomains'],
		[{ project_id: PROJECT, domain: 'localhost' }, 'DOMAIN_INVALID', 'domain: This is not a valid domain name'],
	])('refuses %j with 400 %s, naming the field, before any lookup', async (body, code, message) => {
		const { verifier, verifyOwnership } = verifierAnswering(true, 'ok');
		const { checks, reads } = checksWith(verifier);
		const refusal = verifyProjectDomain(checks, OWNER, body);
		await expect(refusal).rejects.toMatchObject({ code, status: 400 });
		await expect(refusal).rejects.toThrow(message);
		expect(reads).toEqual([]);
		expect(verifyOwnership).not.toHaveBeenCalled();
	});

	it('carries the field and the reason in the error extensions of a refused domain', async () => {
		const { verifier } = verifierAnswering(true, 'ok');
		await expect(verifyProjectDomain(checksWith(verifier).checks, OWNER, { project_id: PROJECT, domain: '::1' })).rejects.toMatchObject({
			extensions: { field: 'domain', reason: expect.stringContaining('not an IP address') },
		});
	});
});

describe('runDnsVerifyOperation', () => {
	it('verifies the normalized domain and answers verified and message', async () => {
		const { verifier, verify } = verifierAnswering(false, 'example.com points to 198.51.100.7, not to 203.0.113.10.');
		await expect(runDnsVerifyOperation({ verifier, reservedHosts: RESERVED }, { domain: 'Example.COM.' })).resolves.toEqual({
			verified: false,
			message: 'example.com points to 198.51.100.7, not to 203.0.113.10.',
		});
		expect(verify).toHaveBeenCalledWith('example.com');
	});

	it.each([[{}], [{ domain: 42 }], [{ domain: '10.0.0.1' }], [{ domain: 'sites.example.net' }]])('answers %j as not verified with the rule broken', async (options) => {
		const { verifier, verify } = verifierAnswering(true, 'ok');
		const answer = await runDnsVerifyOperation({ verifier, reservedHosts: RESERVED }, options);
		expect(answer.verified).toBe(false);
		expect(answer.message.length).toBeGreaterThan(10);
		expect(verify).not.toHaveBeenCalled();
	});
});
