/**
 * The public HTTP entry: picks the instance from the Host header, wakes it if it sleeps, counts
 * the request and proxies it. The control plane's own host passes through to the control plane,
 * so one port serves the portal, Studio and every site. Anything else gets a branded page. Every
 * request it proxies carries an X-Request-Id (the caller's, when valid, else a new one), also sent
 * back to the client, so the router's and the control plane's log lines about it can be matched.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { PLATFORM_METRICS_PATH, REQUEST_ID_HEADER, requestIdFrom } from '@epic/runtime-contract';
import type { SiteSleepCycle } from '../instances/site-sleep-cycle.ts';
import { normaliseHost } from '../instances/host-index.ts';
import type { EventLogger } from '../log-event.ts';
import type { ProxyTarget, RuntimeMetrics } from '../metrics/runtime-metrics.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { PageKind } from './page-copy.ts';
import { BUSY_RETRY_AFTER_SECONDS, sendPage } from './pages.ts';
import { proxyRequest, proxyUpgrade } from './proxy.ts';
import type { UsageCounter } from '../usage/usage-counter.ts';
import { admitWebsocket, applySiteCors } from './site-cors.ts';
import { isUpload, type StorageQuota } from './storage-quota.ts';
import type { WakeAllowed } from './wake-floor.ts';

export interface HostRouterOptions {
	/** Finds, wakes and keeps awake the sites requests are for. */
	sites: Pick<SiteSleepCycle, 'resolveHost' | 'portIfRunning' | 'beginActivity' | 'wake'>;
	usage: Pick<UsageCounter, 'count'>;
	/** Hosts that belong to the control plane (PUBLIC_HOST and loopback addresses). */
	controlPlaneHosts: Set<string>;
	controlPlanePort: number | null;
	wakePageAfterMs: number;
	supportEmail: string;
	metrics: Pick<RuntimeMetrics, 'proxied' | 'proxyFailed'>;
	/** Proxy errors, as JSON lines with the request id. */
	logEvent: EventLogger;
	/** Whether a request may wake this sleeping instance now (wake-floor.ts); every wake is allowed without it. */
	wakeAllowed?: WakeAllowed;
	/** Sites' storage quotas, checked before an upload reaches the site (storage-quota.ts); none without it. */
	storage?: StorageQuota;
	/** Proxies in front of the router whose X-Forwarded-For is passed on as it came (ROUTER_TRUSTED_PROXIES). */
	trustedProxies?: ReadonlySet<string>;
	/** How long a client may take to send its headers, and its whole request; defaults below. */
	headersTimeoutMs?: number;
	requestTimeoutMs?: number;
}

type Target = { kind: 'port'; port: number; projectId: string | null; record?: InstanceRecord } | { kind: 'instance'; record: InstanceRecord } | { kind: 'page'; page: PageKind };

function isBrowserNavigation(request: IncomingMessage): boolean {
	return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

function isAddressLiteral(host: string): boolean {
	return net.isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}

/** The control plane's metrics are for the runtime's scrape over loopback, not for the public. */
function isPlatformMetricsPath(url: string | undefined): boolean {
	let pathname = (url ?? '/').split('?')[0]!;
	try {
		pathname = decodeURIComponent(pathname);
	} catch {
		// Not valid percent-encoding: compared as it came.
	}
	// Express matches routes case-insensitively and with a trailing slash; so does this.
	return pathname.toLowerCase().replace(/^\/+/, '/').replace(/\/+$/, '') === PLATFORM_METRICS_PATH;
}

/** Gives the request its id (kept if the caller sent a valid one), forwarded upstream and returned to the client. */
function assignRequestId(request: IncomingMessage): string {
	const id = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
	request.headers[REQUEST_ID_HEADER] = id;
	return id;
}

/** What the router does with a request and with a websocket upgrade, for a server of its own or another's. */
export interface HostRouterHandlers {
	request(request: IncomingMessage, response: ServerResponse): void;
	upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export function createHostRouter(options: HostRouterOptions): http.Server {
	const handlers = hostRouterHandlers(options);
	// The time-outs below are enforced on this check's ticks (Node's default: every 30 s).
	const server = http.createServer({ connectionsCheckingInterval: 1000 }, handlers.request);
	server.on('upgrade', handlers.upgrade);
	applyRouterTimeouts(server, options);
	return server;
}

/**
 * A client gets a while to send its headers (slow-header attacks hold a connection open for
 * nothing), and long to send its whole request: a long upload, or a slow wake, must get through.
 */
export function applyRouterTimeouts(server: http.Server, options: Pick<HostRouterOptions, 'headersTimeoutMs' | 'requestTimeoutMs'>): void {
	server.headersTimeout = options.headersTimeoutMs ?? 20_000;
	server.requestTimeout = options.requestTimeoutMs ?? 1_800_000;
	server.keepAliveTimeout = 65_000;
}

export function hostRouterHandlers(options: HostRouterOptions): HostRouterHandlers {
	const { sites, usage } = options;
	const wakeAllowed = options.wakeAllowed ?? (() => true);
	const proxyOptions = { trustedProxies: options.trustedProxies ?? new Set<string>() };

	function targetFor(request: IncomingMessage): Target {
		const host = normaliseHost(request.headers.host);
		if (host && (options.controlPlaneHosts.has(host) || isAddressLiteral(host))) {
			if (!options.controlPlanePort || isPlatformMetricsPath(request.url)) return { kind: 'page', page: 'not-found' };
			return { kind: 'port', port: options.controlPlanePort, projectId: null };
		}
		const record = host ? sites.resolveHost(host) : undefined;
		if (!record) return { kind: 'page', page: 'not-found' };
		if (record.desired === 'suspended') return { kind: 'page', page: 'suspended' };
		if (record.desired === 'stopped') return { kind: 'page', page: 'stopped' };
		usage.count(record.id);
		const port = sites.portIfRunning(record);
		if (port) return { kind: 'port', port, projectId: record.id, record };
		return wakeAllowed(record.id) ? { kind: 'instance', record } : { kind: 'page', page: 'busy' };
	}

	function proxyFailed(request: IncomingMessage, target: ProxyTarget, reason: 'upstream' | 'wake', error: Error, port: number | null): void {
		options.metrics.proxyFailed(target, reason);
		options.logEvent({
			level: 'error',
			msg: reason === 'wake' ? 'waking the instance failed' : 'proxy to the upstream failed',
			requestId: request.headers[REQUEST_ID_HEADER],
			target,
			method: request.method,
			port,
			error: error.message,
		});
	}

	function forward(request: IncomingMessage, response: ServerResponse, port: number, target: ProxyTarget): void {
		proxyRequest(
			request,
			response,
			port,
			(error) => {
				proxyFailed(request, target, 'upstream', error, port);
				// The upstream runs: "could not start" is only for a wake that failed.
				sendPage(request, response, 'no-answer', options.supportEmail);
			},
			(status) => options.metrics.proxied(target, status),
			proxyOptions,
		);
	}

	/** Holds the request while the instance wakes; a browser waiting too long gets the reloading page. */
	async function wakeThenForward(request: IncomingMessage, response: ServerResponse, record: InstanceRecord): Promise<void> {
		const waking = sites.wake(record.id);
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
			proxyFailed(request, 'site', 'wake', error as Error, null);
			sendPage(request, response, 'unavailable', options.supportEmail);
			return;
		}
		if (port === null) sendPage(request, response, 'starting', options.supportEmail);
		else forward(request, response, port, 'site');
	}

	function route(request: IncomingMessage, response: ServerResponse, target: Target, projectId: string | null): void {
		if (target.kind === 'port') forward(request, response, target.port, projectId ? 'site' : 'control_plane');
		else if (target.kind === 'page') sendPage(request, response, target.page, options.supportEmail);
		else void wakeThenForward(request, response, target.record);
	}

	/** An upload reaches a site only within its storage quota; the site's usage is measured again after it. */
	async function routeUpload(request: IncomingMessage, response: ServerResponse, target: Target, projectId: string, storage: StorageQuota): Promise<void> {
		const record = target.kind === 'page' ? undefined : target.record;
		const declared = Number(request.headers['content-length'] ?? 0);
		const verdict = record ? await storage.check(record, Number.isFinite(declared) ? declared : 0) : { allowed: true };
		if (!verdict.allowed) {
			sendPage(request, response, 'storage-full', options.supportEmail);
			return;
		}
		response.once('close', () => storage.forget(projectId));
		route(request, response, target, projectId);
	}

	function onRequest(request: IncomingMessage, response: ServerResponse): void {
		response.setHeader(REQUEST_ID_HEADER, assignRequestId(request));
		const target = targetFor(request);
		const projectId = target.kind === 'instance' ? target.record.id : target.kind === 'port' ? target.projectId : null;
		const site = target.kind === 'page' ? undefined : target.record;
		// A preflight is answered here, without waking a sleeping site.
		if (site && applySiteCors(request, response, site.corsOrigins ?? [])) return;
		if (projectId) response.once('close', sites.beginActivity(projectId));
		if (projectId && options.storage && isUpload(request)) {
			routeUpload(request, response, target, projectId, options.storage).catch((error: Error) => {
				proxyFailed(request, 'site', 'upstream', error, null);
				sendPage(request, response, 'no-answer', options.supportEmail);
			});
		} else {
			route(request, response, target, projectId);
		}
	}

	function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
		assignRequestId(request);
		const target = targetFor(request);
		if (target.kind === 'page') {
			socket.end(
				target.page === 'busy'
					? `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${BUSY_RETRY_AFTER_SECONDS}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`
					: 'HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
			);
			return;
		}
		const site = target.record;
		if (site && !admitWebsocket(request, site.corsOrigins ?? [])) {
			socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
			return;
		}
		const tunnel = (port: number, projectId: string | null) => {
			const endActivity = projectId ? sites.beginActivity(projectId) : () => {};
			proxyUpgrade(request, socket, head, port, endActivity, proxyOptions);
		};
		if (target.kind === 'port') {
			tunnel(target.port, target.projectId);
			return;
		}
		sites.wake(target.record.id).then(
			(port) => tunnel(port, target.record.id),
			(error: Error) => {
				proxyFailed(request, 'site', 'wake', error, null);
				socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
			},
		);
	}

	return { request: onRequest, upgrade: onUpgrade };
}
