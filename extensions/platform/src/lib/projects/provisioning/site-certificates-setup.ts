/** The certificate step's checker as the configuration asks: none over plain HTTP, else a TLS handshake. */
import type { ApiExtensionContext } from '@directus/types';
import type { PlatformConfig } from '../../platform-config.ts';
import { tlsCertificateCheck } from './certificate-check.ts';
import { SiteCertificates } from './site-certificates.ts';

const HTTPS_PORT = 443;
/** One handshake; Caddy gets a certificate on demand within a few seconds (Let's Encrypt) or at once (its own CA). */
const CHECK_TIMEOUT_MS = 15_000;

export function siteCertificates(config: Pick<PlatformConfig, 'PUBLIC_URL' | 'TLS_CHECK_ADDRESS'>, context: Pick<ApiExtensionContext, 'database' | 'logger'>): SiteCertificates {
	const https = new URL(config.PUBLIC_URL).protocol === 'https:';
	const endpoint = config.TLS_CHECK_ADDRESS ? new URL(`tls://${config.TLS_CHECK_ADDRESS}`) : null;
	const check = https ? tlsCertificateCheck({ host: endpoint?.hostname ?? null, port: endpoint?.port ? Number(endpoint.port) : HTTPS_PORT, timeoutMs: CHECK_TIMEOUT_MS }) : null;
	return new SiteCertificates({ database: context.database, check, now: () => new Date(), logger: context.logger });
}
