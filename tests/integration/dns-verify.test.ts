/**
 * Custom-domain DNS verification through every door (docs/product.md, Domains API): `POST /dns-verify`,
 * `POST /flows/trigger/dns-verify`, and the `dns-verify` operation in a Flow staff build. This file
 * boots a control plane of its own whose resolver asks a DNS server the test runs on loopback
 * (tests/support/dns-server.ts), with PUBLIC_IP 203.0.113.10 and a one-second time-out. The
 * customer's checks also ask for the project's proof record (TXT); the staff operation, which has
 * no project, only for the A record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, useOwnControlPlane, type ApiError } from '../support/api.ts';
import { registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { startTestDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { bootTestControlPlane, TEST_PUBLIC_HOST, type RunningTestControlPlane } from '../support/test-control-plane.ts';

const PUBLIC_IP = '203.0.113.10';
const VERIFIED = 'DNS configuration verified successfully!';
const DOORS = ['/dns-verify', '/flows/trigger/dns-verify'] as const;

let zone: TestDnsServer;
let own: RunningTestControlPlane;
let admin: string;
let alice: TestCustomer;
let bob: TestCustomer;
let projectId: string;

beforeAll(async () => {
	zone = await startTestDnsServer({
		'right.example.com': [PUBLIC_IP],
		'www.right.example.com': [PUBLIC_IP],
		'wrong.example.com': ['198.51.100.7'],
		'nodata.example.com': [],
		'xn--bcher-kva.example.com': [PUBLIC_IP],
	});
	zone.setSilent('slow.example.com');
	own = await bootTestControlPlane(controlPlane().db, {
		label: 'dns',
		env: { PUBLIC_IP, DNS_SERVERS: zone.address, DNS_TIMEOUT_MS: '1000' },
	});
	const { stop: _stop, ...handle } = own;
	useOwnControlPlane(handle);
	admin = await adminToken();
	[alice, bob] = await Promise.all([registerVerifiedCustomer('alice-dns'), registerVerifiedCustomer('bob-dns')]);
	// Staff make the project row today; the projects API will.
	const project = await api<{ data: { id: string } }>('POST', '/items/projects', {
		token: admin,
		body: { owner: alice.id, name: 'Alice site', subdomain: `alice-dns-${Date.now()}`, status: 'draft', admin_email: alice.email },
	});
	expect(project.status, JSON.stringify(project.body)).toBe(200);
	projectId = project.body.data.id;
	// Alice proves the names she verifies, as the domain dialog tells her to.
	const proofValue = (await api<{ data: { domain_proof_value: string } }>('GET', `/projects/${projectId}`, { token: alice.token })).body.data.domain_proof_value;
	expect(proofValue).toMatch(/^epic-cms-verification=[0-9a-f]{32}$/);
	for (const name of ['right.example.com', 'www.right.example.com', 'xn--bcher-kva.example.com']) zone.setTxt(`_epic-cms-challenge.${name}`, [proofValue]);
}, 180_000);

afterAll(async () => {
	await own?.stop();
	await zone?.close();
});

interface Answer {
	verified: boolean;
	message: string;
}

/** Asks both doors and checks that they answer alike: `{ data }` on ours, bare on the flow path. */
async function verifyThroughBothDoors(customer: TestCustomer, domain: string): Promise<Answer> {
	const ours = await api<{ data: Answer }>('POST', '/dns-verify', { token: customer.token, body: { project_id: projectId, domain } });
	expect(ours.status, JSON.stringify(ours.body)).toBe(200);
	const flow = await api<Answer>('POST', '/flows/trigger/dns-verify', { token: customer.token, body: { project_id: projectId, domain } });
	expect(flow.status, JSON.stringify(flow.body)).toBe(200);
	expect(Object.keys(ours.body.data).sort()).toEqual(['message', 'verified']);
	expect(flow.body).toEqual(ours.body.data);
	return flow.body;
}

/** Both doors refuse alike, with a Directus error. */
async function refusalThroughBothDoors(token: string | undefined, body: unknown) {
	const answers = await Promise.all(DOORS.map((path) => api<ApiError>('POST', path, { token, body })));
	const [ours, flow] = answers;
	expect(flow!.status).toBe(ours!.status);
	expect(flow!.body).toEqual(ours!.body);
	return { status: ours!.status, code: ours!.body.errors?.[0]?.extensions.code, message: ours!.body.errors?.[0]?.message ?? '' };
}

describe('DNS verification', () => {
	it('verifies a domain whose A record is the public IP, also typed in capitals with a trailing dot', async () => {
		expect(await verifyThroughBothDoors(alice, 'right.example.com')).toEqual({ verified: true, message: VERIFIED });
		expect(await verifyThroughBothDoors(alice, 'WWW.Right.Example.com.')).toEqual({ verified: true, message: VERIFIED });
		expect(zone.questions).toContain('www.right.example.com A');
	});

	it('asks DNS for an internationalised domain in punycode', async () => {
		expect(await verifyThroughBothDoors(alice, 'Bücher.example.com')).toEqual({ verified: true, message: VERIFIED });
		expect(zone.questions).toContain('xn--bcher-kva.example.com A');
	});

	it('fails a wrong IP, a missing name, a name without an A record and a time-out, each with its own message', async () => {
		const wrong = await verifyThroughBothDoors(alice, 'wrong.example.com');
		expect(wrong).toEqual({
			verified: false,
			message: 'wrong.example.com points to 198.51.100.7, not to 203.0.113.10. Please change its A record to 203.0.113.10.',
		});

		const missing = await verifyThroughBothDoors(alice, 'missing.example.com');
		expect(missing.verified).toBe(false);
		expect(missing.message).toBe('DNS configuration not found: missing.example.com does not exist in DNS. Please check the name and add an A record pointing to 203.0.113.10.');

		const nodata = await verifyThroughBothDoors(alice, 'nodata.example.com');
		expect(nodata).toEqual({
			verified: false,
			message: 'DNS configuration not found: nodata.example.com has no A record. Please add an A record pointing to 203.0.113.10.',
		});

		const started = Date.now();
		const slow = await api<{ data: Answer }>('POST', '/dns-verify', { token: alice.token, body: { project_id: projectId, domain: 'slow.example.com' } });
		const elapsed = Date.now() - started;
		expect(slow.status).toBe(200);
		expect(slow.body.data).toEqual({ verified: false, message: 'The DNS servers did not answer within 1 second. Please try again later.' });
		expect(elapsed).toBeGreaterThanOrEqual(900);
		expect(elapsed).toBeLessThan(5000);
		const slowFlow = await api<Answer>('POST', '/flows/trigger/dns-verify', { token: alice.token, body: { project_id: projectId, domain: 'slow.example.com' } });
		expect(slowFlow.body).toEqual(slow.body.data);
		expect(zone.questions).toContain('slow.example.com A');

		expect(new Set([wrong.message, missing.message, nodata.message, slow.body.data.message]).size).toBe(4);
	});

	it("answers another customer's project, or one that does not exist, as not found, without asking DNS", async () => {
		const asked = zone.questions.length;
		const others = await refusalThroughBothDoors(bob.token, { project_id: projectId, domain: 'right.example.com' });
		expect(others).toEqual({ status: 404, code: 'PROJECT_NOT_FOUND', message: 'Project not found' });
		const none = await refusalThroughBothDoors(alice.token, { project_id: '00000000-0000-4000-8000-000000000000', domain: 'right.example.com' });
		expect(none).toEqual(others);
		expect(zone.questions.length).toBe(asked);
	});

	it('needs a signed-in caller', async () => {
		expect(await refusalThroughBothDoors(undefined, { project_id: projectId, domain: 'right.example.com' })).toMatchObject({
			status: 401,
			code: 'NOT_AUTHENTICATED',
		});
	});

	it.each([
		['no domain', {}, 'INVALID_PAYLOAD', 'domain: Please enter a domain.'],
		['an IP address', { domain: '203.0.113.10' }, 'DOMAIN_IS_IP_ADDRESS', 'domain: A custom domain is a host name, not an IP address.'],
		['an IPv6 address', { domain: '2001:db8::1' }, 'DOMAIN_IS_IP_ADDRESS', 'domain: A custom domain is a host name, not an IP address.'],
		["the platform's host", { domain: TEST_PUBLIC_HOST }, 'DOMAIN_RESERVED', `domain: ${TEST_PUBLIC_HOST} and its subdomains belong to the platform.`],
		['a subdomain of the platform', { domain: `shop.${TEST_PUBLIC_HOST}` }, 'DOMAIN_RESERVED', `domain: ${TEST_PUBLIC_HOST} and its subdomains`],
		['not a host name', { domain: 'https://example.com/x' }, 'DOMAIN_INVALID', 'domain: This is not a valid domain name'],
		['no project', { domain: 'right.example.com', project_id: undefined }, 'INVALID_PAYLOAD', 'project_id: must be the id of one of your projects'],
	])('refuses %s with 400 naming the field', async (_name, body, code, message) => {
		const refusal = await refusalThroughBothDoors(alice.token, { project_id: projectId, ...body });
		expect(refusal.status).toBe(400);
		expect(refusal.code).toBe(code);
		expect(refusal.message.startsWith(message), refusal.message).toBe(true);
	});
});

describe('the dns-verify operation', () => {
	it('checks the domain a Flow hands it and returns { verified, message }', async () => {
		const flow = await api<{ data: { id: string } }>('POST', '/flows', {
			token: admin,
			body: { name: 'Verify a domain', status: 'active', trigger: 'webhook', accountability: 'all', options: { method: 'POST', return: '$last' } },
		});
		expect(flow.status, JSON.stringify(flow.body)).toBe(200);
		const operation = await api<{ data: { id: string } }>('POST', '/operations', {
			token: admin,
			body: { flow: flow.body.data.id, key: 'verify', name: 'Verify DNS', type: 'dns-verify', position_x: 19, position_y: 1, options: { domain: '{{$trigger.body.domain}}' } },
		});
		expect(operation.status, JSON.stringify(operation.body)).toBe(200);
		const linked = await api('PATCH', `/flows/${flow.body.data.id}`, { token: admin, body: { operation: operation.body.data.id } });
		expect(linked.status, JSON.stringify(linked.body)).toBe(200);

		const run = (domain: string) => api<Answer>('POST', `/flows/trigger/${flow.body.data.id}`, { token: admin, body: { domain } });
		expect((await run('Right.Example.com')).body).toEqual({ verified: true, message: VERIFIED });
		expect((await run('wrong.example.com')).body).toEqual({
			verified: false,
			message: 'wrong.example.com points to 198.51.100.7, not to 203.0.113.10. Please change its A record to 203.0.113.10.',
		});
		const refused = await run(TEST_PUBLIC_HOST);
		expect(refused.body).toEqual({ verified: false, message: `${TEST_PUBLIC_HOST} and its subdomains belong to the platform. Enter a domain of your own.` });

		const extensions = await api<{ data: { name: string; schema?: { type?: string } }[] }>('GET', '/extensions', { token: admin });
		expect(JSON.stringify(extensions.body)).toContain('dns-verify');
	});
});
