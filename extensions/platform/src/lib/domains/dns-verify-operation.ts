/**
 * The `dns-verify` Flow operation for staff: the domain from the operation's options (usually a
 * template such as `{{$trigger.body.domain}}`), normalized by the same rules as the customer's
 * check; the result `{ verified, message }` becomes the operation's data, also when the domain is
 * refused, so a Flow can branch on `verified` with a Condition.
 */
import type { DnsVerifier } from './dns-verifier.ts';
import { normalizeDomain } from './normalize-domain.ts';
import type { DomainVerificationAnswer } from './verify-project-domain.ts';

export interface DnsVerifyOperationOptions {
	domain?: unknown;
}

export async function runDnsVerifyOperation(
	domains: { verifier: DnsVerifier; reservedHosts: readonly string[] },
	options: DnsVerifyOperationOptions,
): Promise<DomainVerificationAnswer> {
	const typed = typeof options.domain === 'string' ? options.domain : '';
	const normalized = normalizeDomain(typed, domains.reservedHosts);
	if (!normalized.ok) return { verified: false, message: normalized.message };
	const { verified, message } = await domains.verifier.verify(normalized.domain);
	return { verified, message };
}
