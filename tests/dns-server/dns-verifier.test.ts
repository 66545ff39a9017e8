/**
 * The platform's DNS verifier with node's own resolver (c-ares) against the loopback servers of
 * tests/support/dns-server.ts: every outcome the integration suite sees, in a second.
 */
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsVerifier } from '../../extensions/platform/src/lib/domains/dns-verifier.ts';
import { startSilentDnsServer, startTestDnsServer, type LoopbackDnsServer, type TestDnsServer } from '../support/dns-server.ts';

const PUBLIC_IP = '203.0.113.10';

let zone: TestDnsServer;
let silent: LoopbackDnsServer;

beforeAll(async () => {
	zone = await startTestDnsServer({ 'right.example.com': [PUBLIC_IP], 'wrong.example.com': ['198.51.100.7'], 'nodata.example.com': [] });
	silent = await startSilentDnsServer();
});

afterAll(async () => {
	await zone?.close();
	await silent?.close();
});

function verifier(server: string, dnsTimeoutMs = 1000) {
	return new DnsVerifier({ publicIp: PUBLIC_IP, dnsServers: [server], dnsTimeoutMs });
}

describe('DnsVerifier against a DNS server on loopback', () => {
	it('verifies the right address and refuses a wrong one, naming both', async () => {
		await expect(verifier(zone.address).verify('right.example.com')).resolves.toMatchObject({ verified: true, outcome: 'verified' });
		const wrong = await verifier(zone.address).verify('wrong.example.com');
		expect(wrong).toMatchObject({ verified: false, outcome: 'wrong-address', addresses: ['198.51.100.7'] });
		expect(wrong.message).toContain('198.51.100.7');
		expect(wrong.message).toContain(PUBLIC_IP);
		expect(zone.questions).toContain('right.example.com A');
	});

	it("verifies ownership only with the project's own value at the proof record, beside the A record", async () => {
		const value = 'epic-cms-verification=0123456789abcdef0123456789abcdef';
		zone.setA('owned.example.com', [PUBLIC_IP]);
		const missing = await verifier(zone.address).verifyOwnership('owned.example.com', value);
		expect(missing).toMatchObject({ verified: false, outcome: 'proof-missing' });
		expect(missing.message).toBe(`owned.example.com points here. To prove it is yours, add a TXT record named _epic-cms-challenge.owned.example.com with the value ${value}.`);

		zone.setTxt('_epic-cms-challenge.owned.example.com', ['epic-cms-verification=another-projects-token', 'v=spf1 -all']);
		await expect(verifier(zone.address).verifyOwnership('owned.example.com', value)).resolves.toMatchObject({ verified: false, outcome: 'proof-mismatch' });

		zone.setTxt('_epic-cms-challenge.owned.example.com', ['epic-cms-verification=another-projects-token', value]);
		await expect(verifier(zone.address).verifyOwnership('owned.example.com', value)).resolves.toMatchObject({ verified: true, outcome: 'verified' });
		expect(zone.questions).toContain('_epic-cms-challenge.owned.example.com TXT');
		// The proof does not stand in for the A record.
		await expect(verifier(zone.address).verifyOwnership('wrong.example.com', value)).resolves.toMatchObject({ verified: false, outcome: 'wrong-address' });
	});

	it('tells a missing name from a name without an A record', async () => {
		await expect(verifier(zone.address).verify('missing.example.com')).resolves.toMatchObject({ verified: false, outcome: 'not-found' });
		await expect(verifier(zone.address).verify('nodata.example.com')).resolves.toMatchObject({ verified: false, outcome: 'no-a-record' });
	});

	it('times out on a server that never answers, within the time allowed', async () => {
		const started = Date.now();
		const result = await verifier(silent.address, 600).verify('right.example.com');
		const elapsed = Date.now() - started;
		expect(result).toMatchObject({ verified: false, outcome: 'timeout', message: 'The DNS servers did not answer within 0.6 seconds. Please try again later.' });
		expect(elapsed).toBeGreaterThanOrEqual(550);
		expect(elapsed).toBeLessThan(1500);
		expect(silent.questions.length).toBeGreaterThan(0);
	});

	it('times out on a silent name of the zone', async () => {
		zone.setSilent('quiet.example.com');
		await expect(verifier(zone.address, 300).verify('quiet.example.com')).resolves.toMatchObject({ verified: false, outcome: 'timeout' });
		expect(zone.questions).toContain('quiet.example.com A');
	});

	it('reports a server that refuses the connection as unreachable', async () => {
		const socket = dgram.createSocket('udp4');
		await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
		const closedPort = socket.address().port;
		await new Promise<void>((resolve) => socket.close(() => resolve()));
		await expect(verifier(`127.0.0.1:${closedPort}`).verify('right.example.com')).resolves.toMatchObject({ verified: false, outcome: 'unreachable' });
	});
});
