/**
 * Whether a site is served over HTTPS yet: a TLS handshake for its name at the public TLS endpoint
 * (Caddy), which also asks Caddy for the certificate when it has none (it gets them on demand, at
 * a name's first handshake). The certificate must name the host and be in its validity period; its
 * chain is the visitor's browser's to judge (Caddy's own CA in tests, Let's Encrypt in production).
 */
import { checkServerIdentity, connect, type PeerCertificate } from 'node:tls';

export type CertificateCheckResult = { served: true; issuer: string } | { served: false; reason: string };

/** Checks one host name: never throws, a failure is a reason. */
export type CertificateCheck = (hostname: string) => Promise<CertificateCheckResult>;

export interface TlsEndpoint {
	/** Where the public HTTPS endpoint is reached from here: the site's own name when null. */
	host: string | null;
	port: number;
	timeoutMs: number;
}

/** A certificate's summary: what it is issued for, and whether it is valid at `now`. */
export function judgeCertificate(hostname: string, certificate: PeerCertificate, now: Date): CertificateCheckResult {
	if (!certificate.subject) return { served: false, reason: 'no certificate was presented' };
	const mismatch = checkServerIdentity(hostname, certificate);
	if (mismatch) return { served: false, reason: mismatch.message };
	if (now < new Date(certificate.valid_from) || now > new Date(certificate.valid_to)) {
		return { served: false, reason: `the certificate is valid from ${certificate.valid_from} to ${certificate.valid_to}` };
	}
	const issuer = certificate.issuer.O ?? certificate.issuer.CN ?? 'unknown issuer';
	return { served: true, issuer: Array.isArray(issuer) ? issuer.join(', ') : issuer };
}

export function tlsCertificateCheck(endpoint: TlsEndpoint, now: () => Date = () => new Date()): CertificateCheck {
	return (hostname) =>
		new Promise((resolve) => {
			const socket = connect({ host: endpoint.host ?? hostname, port: endpoint.port, servername: hostname, rejectUnauthorized: false });
			const finish = (result: CertificateCheckResult) => {
				socket.destroy();
				resolve(result);
			};
			socket.setTimeout(endpoint.timeoutMs, () => finish({ served: false, reason: `no TLS answer within ${endpoint.timeoutMs} ms` }));
			socket.once('secureConnect', () => finish(judgeCertificate(hostname, socket.getPeerCertificate(), now())));
			socket.once('error', (error) => finish({ served: false, reason: error.message }));
		});
}
