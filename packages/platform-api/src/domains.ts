/**
 * Custom domains (docs/product.md, Domains API): `POST /dns-verify` and the rules a domain is
 * checked against when it is verified or assigned to a project (`PATCH /projects/{id}`).
 */
import { z } from 'zod';

/**
 * Where a project proves its owner controls a custom domain: a TXT record at this name holding the
 * project's `domain_proof_value`. A domain is served only while the record is there (checked before
 * it is routed and at every re-check), beside its A record pointing at the platform.
 */
export function domainProofRecordName(domain: string): string {
	return `_epic-cms-challenge.${domain}`;
}

/** `POST /dns-verify` body. */
export interface DnsVerifyRequest {
	project_id: string;
	domain: string;
}

/**
 * `POST /dns-verify` answer (inside `{ data }`): a DNS outcome is always 200 with a message. One
 * without a message reads as an empty one, for which the portal shows its own.
 */
export const dnsVerifyResultSchema = z.object({
	verified: z.boolean(),
	message: z
		.string()
		.nullish()
		.transform((message) => message ?? ''),
});
export type DnsVerifyResult = z.infer<typeof dnsVerifyResultSchema>;

/** Codes of a refused domain (400, `extensions.field: "domain"`). */
export const DOMAIN_ERROR_CODES = ['DOMAIN_INVALID', 'DOMAIN_IS_IP_ADDRESS', 'DOMAIN_RESERVED', 'DOMAIN_REQUIRED'] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];
