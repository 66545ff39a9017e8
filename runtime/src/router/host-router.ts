/**
 * The public HTTP entry: picks the instance from the Host header, wakes it if it sleeps, counts
 * the request and proxies it. The control plane's own host passes through to the control plane,
 * so one port serves the portal, Studio and every site. Anything else gets a branded page.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { InstanceService } from '../instances/instance-service.ts';
import { normaliseHost } from '../instances/host-index.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { PageKind } from './page-copy.ts';
import { sendPage } from './pages.ts';
import { proxyRequest, proxyUpgrade } from './proxy.ts';
import type { UsageCounter } from './usage-counter.ts';

export interface HostRouterOptions {
	service: InstanceService;
	usage: UsageCounter;
	/** Hosts that belong to the control plane (PUBLIC_HOST and loopback addresses). */
	controlPlaneHosts: Set<string>;
	controlPlanePort: number | null;
	wakePageAfterMs: number;
	supportEmail: string;
	log: (message: string) => void;
}

type Target =
	| { kind: 'port'; port: number; projectId: string | null }
	| { kind: 'instance'; record: InstanceRecord }
	| { kind: 'page'; page: PageKind };

function isBrowserNavigation(request: IncomingMessage): boolean {
	return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

function isAddressLiteral(host: string): boolean {
	return net.isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}

export function createHostRouter(options: HostRouterOptions): http.Server {
	const { service, usage } = options;

	function targetFor(request: IncomingMessage): Target {
		const host = normaliseHost(request.headers.host);
		if (host && (options.controlPlaneHosts.has(host) || isAddressLiteral(host))) {
			return options.controlPlanePort ? { kind: 'port', port: options.controlPlanePort, projectId: null } : { kind: 'page', page: 'not-found' };
		}
		const record = host ? service.resolveHost(host) : undefined;
		if (!record) return { kind: 'page', page: 'not-found' };
		if (record.desired === 'suspended') return { kind: 'page', page: 'suspended' };
		if (record.desired === 'stopped') return { kind: 'page', page: 'stopped' };
		usage.count(record.id);
		const port = service.portIfRunning(record);
		return port ? { kind: 'port', port, projectId: record.id } : { kind: 'instance', record };
	}

	function forward(request: IncomingMessage, response: ServerResponse, port: number): void {
		proxyRequest(request, response, port, (error) => {
			options.log(`proxy to port ${port} failed: ${error.message}`);
			sendPage(request, response, 'unavailable', options.supportEmail);
		});
	}

	/** Holds the request while the instance wakes; a browser waiting too long gets the reloading page. */
	async function wakeThenForward(request: IncomingMessage, response: ServerResponse, record: InstanceRecord): Promise<void> {
		const waking = service.wake(record.id);
		waking.catch(() => {});
		let port: number | null;
		try {
			if (isBrowserNavigation(request)) {
				const pageTimer = new Promise<null>((resolve) => setTimeout(() => resolve(null), options.wakePageAfterMs).unref());
				port = await Promise.race([waking, pageTimer]);
			} else {
				port = await waking;
			}
		} catch (error) {
			options.log(`waking ${record.id} failed: ${(error as Error).message}`);
			sendPage(request, response, 'unavailable', options.supportEmail);
			return;
		}
		if (port === null) sendPage(request, response, 'starting', options.supportEmail);
		else forward(request, response, port);
	}

	const server = http.createServer((request, response) => {
		const target = targetFor(request);
		const projectId = target.kind === 'instance' ? target.record.id : target.kind === 'port' ? target.projectId : null;
		if (projectId) response.once('close', service.beginActivity(projectId));
		if (target.kind === 'port') forward(request, response, target.port);
		else if (target.kind === 'page') sendPage(request, response, target.page, options.supportEmail);
		else void wakeThenForward(request, response, target.record);
	});

	server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
		const target = targetFor(request);
		if (target.kind === 'page') {
			socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
			return;
		}
		const tunnel = (port: number, projectId: string | null) => {
			const endActivity = projectId ? service.beginActivity(projectId) : () => {};
			proxyUpgrade(request, socket, head, port, endActivity);
		};
		if (target.kind === 'port') {
			tunnel(target.port, target.projectId);
			return;
		}
		service.wake(target.record.id).then(
			(port) => tunnel(port, target.record.id),
			() => socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'),
		);
	});

	// Long uploads and slow wakes must not be cut by Node's default request timeout.
	server.requestTimeout = 0;
	server.headersTimeout = 60_000;
	server.keepAliveTimeout = 65_000;
	return server;
}
