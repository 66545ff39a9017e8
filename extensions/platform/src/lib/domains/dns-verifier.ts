/**
 * Checks that a custom domain points at the platform (docs/product.md, Domains API): the domain's A
 * records, asked of the configured DNS servers, must be exactly the platform's `PUBLIC_IP`; for a
 * project's domain, its TXT proof record must also hold the project's proof value
 * (ownership/domain-proof.ts). Every outcome is an answer with its own message, never an
 * exception: a failed check is something the customer fixes in their DNS, or tries again later.
 */
import { Resolver } from 'node:dns/promises';
import { domainProofRecordName } from '@epic/platform-api';

export type DnsVerificationOutcome =
	'verified' | 'wrong-address' | 'not-found' | 'no-a-record' | 'timeout' | 'unreachable' | 'lookup-failed' | 'not-configured' | 'proof-missing' | 'proof-mismatch';

export interface DnsVerification {
	verified: boolean;
	outcome: DnsVerificationOutcome;
	message: string;
	/** The A records found, when the lookup answered. */
	addresses?: string[];
}

export const DNS_VERIFIED_MESSAGE = 'DNS configuration verified successfully!';

/** What the verifier needs of a resolver: node's `dns/promises` Resolver fits. */
export interface DomainResolver {
	resolve4(hostname: string): Promise<string[]>;
	/** Each record's character strings, which together make its text. */
	resolveTxt(hostname: string): Promise<string[][]>;
	cancel(): void;
}

export interface DnsVerifierConfig {
	publicIp: string | null;
	/** `ip` or `ip:port` each; null asks the system's resolvers. */
	dnsServers: string[] | null;
	/** The whole lookup's limit, retries included. */
	dnsTimeoutMs: number;
}

export type ResolverFactory = (config: DnsVerifierConfig) => DomainResolver;

/** Tries per server; each try waits half the time allowed, so one lost packet is retried in time. */
const TRIES = 2;

export const nodeResolver: ResolverFactory = (config) => {
	const resolver = new Resolver({ timeout: Math.max(50, Math.ceil(config.dnsTimeoutMs / TRIES)), tries: TRIES });
	if (config.dnsServers) resolver.setServers(config.dnsServers);
	return resolver;
};

const TIMED_OUT = 'ETIMEOUT';

function seconds(ms: number): string {
	const value = Math.round(ms / 100) / 10;
	return `${value} second${value === 1 ? '' : 's'}`;
}

export class DnsVerifier {
	readonly #config: DnsVerifierConfig;
	readonly #createResolver: ResolverFactory;

	constructor(config: DnsVerifierConfig, createResolver: ResolverFactory = nodeResolver) {
		this.#config = config;
		this.#createResolver = createResolver;
	}

	/** `domain` is already normalized (normalize-domain.ts). */
	async verify(domain: string): Promise<DnsVerification> {
		const expected = this.#config.publicIp;
		if (!expected) {
			return {
				verified: false,
				outcome: 'not-configured',
				message: "Domains cannot be verified yet: the platform's public IP address (PUBLIC_IP) is not configured. Please contact support.",
			};
		}
		let addresses: string[];
		try {
			addresses = await this.#lookup(domain, (resolver) => resolver.resolve4(domain));
		} catch (error) {
			return this.#failure(domain, expected, (error as { code?: unknown }).code);
		}
		return this.#compare(domain, expected, addresses);
	}

	/**
	 * A project's domain: it points here (`verify`) and its proof record holds `proofValue`, the
	 * project's own. Without the proof anyone could route a domain that still points here.
	 */
	async verifyOwnership(domain: string, proofValue: string | null): Promise<DnsVerification> {
		const pointing = await this.verify(domain);
		if (!pointing.verified) return pointing;
		const recordName = domainProofRecordName(domain);
		let texts: string[];
		try {
			texts = (await this.#lookup(recordName, (resolver) => resolver.resolveTxt(recordName))).map((chunks) => chunks.join(''));
		} catch (error) {
			const code = (error as { code?: unknown }).code;
			if (code !== 'ENOTFOUND' && code !== 'ENODATA') return this.#failure(recordName, this.#config.publicIp!, code);
			texts = [];
		}
		const add = `add a TXT record named ${recordName} with the value ${proofValue ?? '(shown in the portal)'}`;
		if (texts.length === 0) {
			return { verified: false, outcome: 'proof-missing', message: `${domain} points here. To prove it is yours, ${add}.`, addresses: pointing.addresses };
		}
		if (!proofValue || !texts.includes(proofValue)) {
			return {
				verified: false,
				outcome: 'proof-mismatch',
				message: `${recordName} does not hold this project's value. To prove ${domain} is yours, ${add}.`,
				addresses: pointing.addresses,
			};
		}
		return pointing;
	}

	/** A fresh resolver per lookup, so the deadline can cancel its queries and no one else's. */
	async #lookup<T>(name: string, ask: (resolver: DomainResolver) => Promise<T>): Promise<T> {
		const resolver = this.#createResolver(this.#config);
		let timer: NodeJS.Timeout | undefined;
		const deadline = new Promise<never>((_resolve, reject) => {
			timer = setTimeout(() => {
				resolver.cancel();
				reject(Object.assign(new Error(`DNS lookup of ${name} timed out`), { code: TIMED_OUT }));
			}, this.#config.dnsTimeoutMs);
		});
		try {
			return await Promise.race([ask(resolver), deadline]);
		} finally {
			clearTimeout(timer);
		}
	}

	#compare(domain: string, expected: string, addresses: string[]): DnsVerification {
		const found = [...new Set(addresses)];
		if (found.length === 0) return this.#failure(domain, expected, 'ENODATA');
		if (found.length === 1 && found[0] === expected) {
			return { verified: true, outcome: 'verified', message: DNS_VERIFIED_MESSAGE, addresses: found };
		}
		const message = found.includes(expected)
			? `${domain} points to ${found.join(', ')}; it must point to ${expected} only. Please remove the other A records.`
			: `${domain} points to ${found.join(', ')}, not to ${expected}. Please change its A record to ${expected}.`;
		return { verified: false, outcome: 'wrong-address', message, addresses: found };
	}

	#failure(domain: string, expected: string, code: unknown): DnsVerification {
		switch (code) {
			case 'ENOTFOUND':
				return {
					verified: false,
					outcome: 'not-found',
					message: `DNS configuration not found: ${domain} does not exist in DNS. Please check the name and add an A record pointing to ${expected}.`,
				};
			case 'ENODATA':
				return {
					verified: false,
					outcome: 'no-a-record',
					message: `DNS configuration not found: ${domain} has no A record. Please add an A record pointing to ${expected}.`,
				};
			case TIMED_OUT:
			case 'ECANCELLED':
				return {
					verified: false,
					outcome: 'timeout',
					message: `The DNS servers did not answer within ${seconds(this.#config.dnsTimeoutMs)}. Please try again later.`,
				};
			case 'ECONNREFUSED':
			case 'ECONNRESET':
				return { verified: false, outcome: 'unreachable', message: 'The DNS servers could not be reached. Please try again later.' };
			default:
				return {
					verified: false,
					outcome: 'lookup-failed',
					message: `The DNS lookup of ${domain} failed${typeof code === 'string' ? ` (${code})` : ''}. Please try again later.`,
				};
		}
	}
}
