/**
 * The repository's Caddyfile run by Debian's Caddy on this machine, in front of a test's runtime and
 * control plane, as the production stack's `caddy` service runs it in front of theirs: on-demand
 * certificates from Caddy's own CA (`local_certs`) for the hosts the runtime's /tls-allowed accepts,
 * every site host proxied to the runtime's router. On free ports of its own (its HTTP, HTTPS and
 * admin ports and the replicas' loopback entry), so it can run beside a stack's Caddy.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { repoPath } from '@epic/node-support/paths';
import { collectOutput, stopProcess } from '@epic/node-support/processes';
import { acceptsConnections } from './accepts-connections.ts';
import { waitFor } from './wait-for.ts';

/** Debian's package (tests/support prerequisites install it with the Docker engine). */
export const CADDY_PATH = '/usr/bin/caddy';

export interface CaddyUpstreams {
	/** The runtime's management API port (the `ask` of on-demand TLS). */
	runtimeApiPort: number;
	/** The runtime's host router port: every site host goes there. */
	routerPort: number;
	/** The control plane's port, for its own host (CONTROL_PLANE_HOST). */
	controlPlanePort: number;
	controlPlaneHost: string;
}

export interface RunningCaddy {
	httpsPort: number;
	/** Caddy's root certificate (PEM): the only CA a test's client trusts. */
	rootCertificate: string;
	/** What Caddy printed, for a failure's message. */
	output(): string;
	stop(): Promise<void>;
}

export async function startCaddy(upstreams: CaddyUpstreams): Promise<RunningCaddy> {
	if (!existsSync(CADDY_PATH)) throw new Error(`${CADDY_PATH} is missing: install Debian's caddy package (ensureDocker does)`);
	const folder = mkdtempSync(path.join(tmpdir(), 'epic-caddy-'));
	const [httpPort, httpsPort, adminPort, loopbackPort] = [await freeLoopbackPort(), await freeLoopbackPort(), await freeLoopbackPort(), await freeLoopbackPort()];
	const child = spawn(CADDY_PATH, ['run', '--config', repoPath('Caddyfile'), '--adapter', 'caddyfile'], {
		env: {
			PATH: process.env['PATH'] ?? '/usr/bin:/bin',
			HOME: folder,
			XDG_DATA_HOME: path.join(folder, 'data'),
			XDG_CONFIG_HOME: path.join(folder, 'config'),
			ACME_EMAIL: 'operations@example.test',
			CADDY_LOCAL_CERTS: 'local_certs',
			CADDY_ADMIN_ADDRESS: `127.0.0.1:${adminPort}`,
			CADDY_HTTP_PORT: String(httpPort),
			CADDY_HTTPS_PORT: String(httpsPort),
			CONTROL_PLANE_HOST: upstreams.controlPlaneHost,
			CONTROL_PLANE_UPSTREAMS: `127.0.0.1:${upstreams.controlPlanePort}`,
			CONTROL_PLANE_PORT: String(loopbackPort),
			RUNTIME_API_PORT: String(upstreams.runtimeApiPort),
			// As docker/caddy-upstreams.sh sets it without a node router.
			SITE_UPSTREAMS: `127.0.0.1:${upstreams.routerPort}`,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const output = collectOutput(child);
	const stop = async () => {
		await stopProcess(child);
		rmSync(folder, { recursive: true, force: true });
	};
	const rootFile = path.join(folder, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
	try {
		await waitFor(
			'Caddy to listen for HTTPS with its CA made',
			async () => {
				if (child.exitCode !== null) throw new Error(`Caddy exited (${child.exitCode})`);
				return existsSync(rootFile) && (await acceptsConnections('127.0.0.1', httpsPort));
			},
			30_000,
			100,
		);
	} catch (error) {
		await stop();
		throw new Error(`${(error as Error).message}\n${output().slice(-2000)}`);
	}
	return { httpsPort, rootCertificate: readFileSync(rootFile, 'utf8'), output, stop };
}
