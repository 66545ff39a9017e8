/**
 * Custom domains (docs/product.md, Domains API): `POST /dns-verify` and the rules a domain is
 * checked against when it is verified or assigned to a project (`PATCH /projects/{id}`).
 */

/** `POST /dns-verify` body. */
export interface DnsVerifyRequest {
	project_id: string;
	domain: string;
}

/** `POST /dns-verify` answer (inside `{ data }`): a DNS outcome is always 200 with a message. */
export interface DnsVerifyResult {
	verified: boolean;
	message: string;
}

/** Codes of a refused domain (400, `extensions.field: "domain"`). */
export const DOMAIN_ERROR_CODES = ['DOMAIN_INVALID', 'DOMAIN_IS_IP_ADDRESS', 'DOMAIN_RESERVED', 'DOMAIN_REQUIRED'] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];
