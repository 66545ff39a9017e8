/**
 * Settings of custom domains, from the environment Directus was started with (docs/configuration.md):
 * the platform's public address that domains must point to, the DNS servers asked, the time allowed,
 * and the platform's own hosts, which no customer may claim.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseEnvConfig } from '../env-config.ts';

const optionalText = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().optional());

/** One server as `ip` or `ip:port` (IPv6 with a port in brackets: `[::1]:53`). */
export function isDnsServer(value: string): boolean {
	const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
	if (bracketed) return isIP(bracketed[1]!) === 6 && validPort(bracketed[2]);
	if (isIP(value) !== 0) return true;
	const withPort = /^([^:]+):(\d{1,5})$/.exec(value);
	return withPort !== null && isIP(withPort[1]!) === 4 && validPort(withPort[2]);
}

function validPort(port: string | undefined): boolean {
	return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** Directus turns a value with commas into an array; a single server stays a string. */
const dnsServers = z.preprocess(
	(value) => {
		if (value === undefined || value === null || value === '') return null;
		const list = Array.isArray(value) ? value.map(String) : String(value).split(',');
		const servers = list.map((server) => server.trim()).filter(Boolean);
		return servers.length > 0 ? servers : null;
	},
	z.array(z.string().refine(isDnsServer, 'each server is an IP address, optionally with :port')).nullable(),
);

const DomainsConfigSchema = z.object({
	/** The IPv4 address a custom domain's A record must point to; verification fails while unset. */
	PUBLIC_IP: optionalText.pipe(z.ipv4().optional()),
	/** Servers the verifier asks; null: the system's resolvers. */
	DNS_SERVERS: dnsServers,
	/** How long a verification waits for the DNS servers' answer. */
	DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
	PUBLIC_HOST: z.string().default('localhost'),
	PUBLIC_URL: z.string().url().default('http://localhost:8055'),
});

export interface DomainsConfig {
	publicIp: string | null;
	dnsServers: string[] | null;
	dnsTimeoutMs: number;
	/** `PUBLIC_HOST` and the host of `PUBLIC_URL`: they and their subdomains are the platform's. */
	reservedHosts: string[];
	/** `PUBLIC_URL`, where the portal is: links in the owner's emails. */
	portalUrl: string;
}

export function readDomainsConfig(env: Record<string, unknown>): DomainsConfig {
	const config = parseEnvConfig(DomainsConfigSchema, env, 'domains');
	return {
		publicIp: config.PUBLIC_IP ?? null,
		dnsServers: config.DNS_SERVERS,
		dnsTimeoutMs: config.DNS_TIMEOUT_MS,
		reservedHosts: [...new Set([config.PUBLIC_HOST, new URL(config.PUBLIC_URL).hostname])],
		portalUrl: config.PUBLIC_URL.replace(/\/$/, ''),
	};
}
