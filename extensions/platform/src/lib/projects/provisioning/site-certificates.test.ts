import type { PeerCertificate } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { judgeCertificate } from './certificate-check.ts';
import { initialSteps } from './provisioning-steps.ts';
import { NO_TLS_DETAIL, SiteCertificates } from './site-certificates.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const certificate = (altNames: string, validTo = 'Feb 25 12:00:00 2027 GMT') =>
	({
		subject: { CN: '' },
		issuer: { O: 'Caddy Local Authority', CN: 'Caddy Local Authority - ECC Intermediate' },
		subjectaltname: altNames,
		valid_from: 'Nov 27 00:00:00 2026 GMT',
		valid_to: validTo,
	}) as unknown as PeerCertificate;

const certificates = (check: ConstructorParameters<typeof SiteCertificates>[0]['check']) =>
	new SiteCertificates({ database: null as never, check, now: () => NOW, logger: { error: () => {} } });

describe('the certificate step', () => {
	it('accepts a certificate only for the host, in its validity period', () => {
		expect(judgeCertificate('shop.sites.example.com', certificate('DNS:shop.sites.example.com'), NOW)).toEqual({ served: true, issuer: 'Caddy Local Authority' });
		expect(judgeCertificate('shop.sites.example.com', certificate('DNS:*.sites.example.com'), NOW)).toMatchObject({ served: true });
		expect(judgeCertificate('shop.sites.example.com', certificate('DNS:other.sites.example.com'), NOW)).toMatchObject({ served: false });
		expect(judgeCertificate('shop.sites.example.com', certificate('DNS:shop.sites.example.com', 'Nov 26 12:00:00 2026 GMT'), NOW)).toMatchObject({
			served: false,
			reason: expect.stringContaining('valid from'),
		});
	});

	it('is skipped, saying why, where sites are served over plain HTTP', async () => {
		const steps = await certificates(null).record(initialSteps(), 'shop.localhost');
		expect(steps.find((step) => step.name === 'certificate')).toMatchObject({ state: 'skipped', detail: NO_TLS_DETAIL, started_at: null });
	});

	it('is complete once the site is served over HTTPS, and stays in progress with the reason until then', async () => {
		const served = await certificates(async () => ({ served: true, issuer: "Let's Encrypt" })).record(initialSteps(), 'shop.example.com');
		expect(served.find((step) => step.name === 'certificate')).toMatchObject({
			state: 'complete',
			detail: "shop.example.com is served over HTTPS (certificate from Let's Encrypt)",
		});
		const waiting = await certificates(async () => ({ served: false, reason: 'no TLS answer within 15000 ms' })).record(initialSteps(), 'shop.example.com');
		expect(waiting.find((step) => step.name === 'certificate')).toMatchObject({
			state: 'in_progress',
			detail: 'shop.example.com is not served over HTTPS yet (no TLS answer within 15000 ms); checked again shortly',
		});
	});
});
