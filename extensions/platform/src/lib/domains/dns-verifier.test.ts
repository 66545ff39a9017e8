import { describe, expect, it, vi } from 'vitest';
import { DNS_VERIFIED_MESSAGE, DnsVerifier, type DomainResolver, type DnsVerifierConfig } from './dns-verifier.ts';

const CONFIG: DnsVerifierConfig = { publicIp: '203.0.113.10', dnsServers: ['127.0.0.1:5353'], dnsTimeoutMs: 1000 };

function dnsError(code: string): Error {
	return Object.assign(new Error(`queryA ${code} example.com`), { code });
}

/** A resolver that answers every lookup with `answer` (or fails with it). */
function verifierAnswering(answer: string[] | Error, config: DnsVerifierConfig = CONFIG) {
	const resolver = {
		resolve4: vi.fn(async () => (answer instanceof Error ? Promise.reject(answer) : answer)),
		resolveTxt: vi.fn(async (): Promise<string[][]> => []),
		cancel: vi.fn(),
	};
	const factory = vi.fn((_config: DnsVerifierConfig): DomainResolver => resolver);
	return { verifier: new DnsVerifier(config, factory), resolver, factory };
}

describe('DnsVerifier', () => {
	it('verifies a domain whose only A record is the public IP', async () => {
		const { verifier, resolver, factory } = verifierAnswering(['203.0.113.10']);
		await expect(verifier.verify('example.com')).resolves.toEqual({
			verified: true,
			outcome: 'verified',
			message: DNS_VERIFIED_MESSAGE,
			addresses: ['203.0.113.10'],
		});
		expect(resolver.resolve4).toHaveBeenCalledWith('example.com');
		expect(factory).toHaveBeenCalledWith(CONFIG);
		expect(DNS_VERIFIED_MESSAGE).toBe('DNS configuration verified successfully!');
	});

	it('names what it found and what is expected for a wrong address', async () => {
		const { verifier } = verifierAnswering(['198.51.100.7']);
		await expect(verifier.verify('example.com')).resolves.toEqual({
			verified: false,
			outcome: 'wrong-address',
			message: 'example.com points to 198.51.100.7, not to 203.0.113.10. Please change its A record to 203.0.113.10.',
			addresses: ['198.51.100.7'],
		});
	});

	it('refuses a domain that also points elsewhere', async () => {
		const { verifier } = verifierAnswering(['203.0.113.10', '198.51.100.7']);
		const result = await verifier.verify('example.com');
		expect(result).toMatchObject({ verified: false, outcome: 'wrong-address' });
		expect(result.message).toBe('example.com points to 203.0.113.10, 198.51.100.7; it must point to 203.0.113.10 only. Please remove the other A records.');
	});

	it.each([
		['ENOTFOUND', 'not-found', 'DNS configuration not found: example.com does not exist in DNS.'],
		['ENODATA', 'no-a-record', 'DNS configuration not found: example.com has no A record.'],
		['ETIMEOUT', 'timeout', 'The DNS servers did not answer within 1 second.'],
		['ECONNREFUSED', 'unreachable', 'The DNS servers could not be reached.'],
		['ESERVFAIL', 'lookup-failed', 'The DNS lookup of example.com failed (ESERVFAIL).'],
	])('answers %s as %s with its own message', async (code, outcome, message) => {
		const { verifier } = verifierAnswering(dnsError(code));
		const result = await verifier.verify('example.com');
		expect(result).toMatchObject({ verified: false, outcome });
		expect(result.message.startsWith(message)).toBe(true);
	});

	it('treats an empty answer as no A record', async () => {
		const { verifier } = verifierAnswering([]);
		await expect(verifier.verify('example.com')).resolves.toMatchObject({ verified: false, outcome: 'no-a-record' });
	});

	it('gives up at the deadline and cancels the lookup, whatever the resolver does', async () => {
		vi.useFakeTimers();
		try {
			const resolver = { resolve4: vi.fn(() => new Promise<string[]>(() => {})), resolveTxt: vi.fn(async () => []), cancel: vi.fn() };
			const verifier = new DnsVerifier({ ...CONFIG, dnsTimeoutMs: 2500 }, () => resolver);
			const pending = verifier.verify('example.com');
			await vi.advanceTimersByTimeAsync(2499);
			expect(resolver.cancel).not.toHaveBeenCalled();
			await vi.advanceTimersByTimeAsync(1);
			await expect(pending).resolves.toMatchObject({
				verified: false,
				outcome: 'timeout',
				message: 'The DNS servers did not answer within 2.5 seconds. Please try again later.',
			});
			expect(resolver.cancel).toHaveBeenCalledOnce();
		} finally {
			vi.useRealTimers();
		}
	});

	it('says the platform address is not configured, without asking DNS', async () => {
		const { verifier, factory } = verifierAnswering(['203.0.113.10'], { ...CONFIG, publicIp: null });
		const result = await verifier.verify('example.com');
		expect(result).toMatchObject({ verified: false, outcome: 'not-configured' });
		expect(result.message).toContain('PUBLIC_IP');
		expect(factory).not.toHaveBeenCalled();
	});
});
