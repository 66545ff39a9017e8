/**
 * A project's proof of domain ownership (docs/product.md, Domains API): a random token made with the
 * project, shown to its owner as the value of a TXT record. Anyone can point an A record at the
 * platform; only whoever controls the domain's DNS can put the token there.
 */
import { randomBytes } from 'node:crypto';

const VALUE_PREFIX = 'epic-cms-verification=';

export function newDomainToken(): string {
	return randomBytes(16).toString('hex');
}

export function domainProofValue(token: string | null): string | null {
	return token ? `${VALUE_PREFIX}${token}` : null;
}
