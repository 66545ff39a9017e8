/**
 * The router of a node other than the runtime's (docs/swarm.md, Routing): the public entry of its
 * node. While the runtime's router answers, every request goes through it, since it alone keeps the
 * sites' idle clocks, checks storage quotas, wakes sleeping sites and reaches the control plane.
 * While it does not (its task stopped or moving, its machine lost), a request for an awake site
 * goes straight to the site's task, with the site's allowed origins applied and counted in its
 * usage, so the sites keep serving (a suspended or stopped one gets its page); what only the
 * runtime can do is answered with the "platform unavailable" page (503, try again): a sleeping
 * site's wake, an upload (its quota cannot be checked), the control plane, and any host it does
 * not know.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { REQUEST_ID_HEADER } from '@epic/runtime-contract';
import type { HostIndex } from '../instances/host-index.ts';
import { normaliseHost } from '../instances/host-index.ts';
import type { EventLogger } from '../log-event.ts';
import { applyRouterTimeouts, hostRouterHandlers } from '../router/host-router.ts';
import { sendPage } from '../router/pages.ts';
import { isReplayable, proxyRequest, proxyUpgrade } from '../router/proxy.ts';
import { isUpload } from '../router/storage-quota.ts';
import type { InstanceReader } from '../state/instance-store.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { UsageCounter } from '../usage/usage-counter.ts';
import type { NodeRouterMetrics } from './node-router-metrics.ts';
import type { RuntimeRouterStatus } from './runtime-router-watch.ts';
import type { SiteTaskPorts } from './site-task-ports.ts';

export interface NodeRouterParts {
	runtimeRouter: { host: string; port: number };
	/** How long a relay's connection to the runtime's router may take to open, as the probe's. */
	runtimeRouterConnectTimeoutMs: number;
	/** Whether the runtime's router answers: the watch's probes, and what relays find (runtime-router-watch.ts). */
	runtimeRouterStatus: RuntimeRouterStatus;
	records: InstanceReader;
	hosts: HostIndex;
	ports: SiteTaskPorts;
	/** Counts the requests this router serves by itself, into the runtime's totals (the state database). */
	usage: Pick<UsageCounter, 'count'>;
	metrics: Pick<NodeRouterMetrics, 'answered' | 'relayFailed' | 'directFailed'>;
	supportEmail: string;
	trustedProxies: ReadonlySet<string>;
	logEvent: EventLogger;
}

export function createNodeRouter(parts: NodeRouterParts): http.Server {
	const status = parts.runtimeRouterStatus;
	// The relays' own kept-alive connections, so that they can be cut when the runtime's router goes.
	const relayAgent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });
	// A request written to a machine that is gone waits for an answer for the system's
	// retransmissions (about 15 minutes): once the probe finds the runtime's router gone, the relays
	// still waiting on it are cut (relay(), below, answers them), and no later request takes one of
	// those connections from the pool.
	status.onDown(() => relayAgent.destroy());
	const relayOptions = {
		trustedProxies: parts.trustedProxies,
		connectTimeoutMs: parts.runtimeRouterConnectTimeoutMs,
		agent: relayAgent,
	};
	const resolveHost = (host: string): InstanceRecord | undefined => {
		const id = parts.hosts.lookup(host);
		return id ? parts.records.get(id) : undefined;
	};
	const direct = hostRouterHandlers({
		sites: {
			resolveHost,
			portIfRunning: (record) => (record.asleep ? null : parts.ports.portOf(record)),
			// The idle clocks are the runtime's, and it is not running while this path serves.
			beginActivity: () => () => {},
			// Reached only for an awake site whose port is still opening: a sleeping one never gets here.
			wake: async () => {
				throw new Error("the site's port on this node is not open yet");
			},
		},
		// Relayed requests are the runtime's to count; these are not relayed.
		usage: parts.usage,
		controlPlaneHosts: new Set(),
		controlPlanePort: null,
		wakePageAfterMs: 0,
		supportEmail: parts.supportEmail,
		metrics: { proxied: () => {}, proxyFailed: () => parts.metrics.directFailed() },
		logEvent: parts.logEvent,
		trustedProxies: parts.trustedProxies,
	});

	/** A site this router can answer for by itself: known from the records, not asleep, and no upload. */
	function directSite(request: IncomingMessage): boolean {
		const host = normaliseHost(request.headers.host);
		const record = host === null ? undefined : resolveHost(host);
		if (!record || isUpload(request)) return false;
		return !(record.desired === 'running' && record.asleep);
	}

	function answerWithoutRuntime(request: IncomingMessage, response: ServerResponse): void {
		if (directSite(request)) {
			parts.metrics.answered('direct');
			direct.request(request, response);
		} else {
			parts.metrics.answered('unavailable');
			sendPage(request, response, 'platform-unavailable', parts.supportEmail);
		}
	}

	function relay(request: IncomingMessage, response: ServerResponse): void {
		proxyRequest(
			request,
			response,
			parts.runtimeRouter,
			(error) => {
				// Cut because the runtime's router went: one the site's task can take without a
				// doubt of it having been done already is answered from there.
				parts.metrics.relayFailed(status.isUp() ? 'error' : 'cut');
				if (!status.isUp() && isReplayable(request) && !response.headersSent) return answerWithoutRuntime(request, response);
				parts.logEvent({
					level: 'error',
					msg: "relay to the runtime's router failed",
					requestId: request.headers[REQUEST_ID_HEADER],
					method: request.method,
					error: error.message,
				});
				sendPage(request, response, 'no-answer', parts.supportEmail);
			},
			() => parts.metrics.answered('relayed'),
			{
				...relayOptions,
				// Refused, or not open within the probe's time (its process gone, or its machine): the
				// runtime's router never saw the request, body included. It is answered as if the probe
				// had found that already, instead of with an error page for every request until it does.
				onNotConnected: () => {
					parts.metrics.relayFailed('not_connected');
					status.unreachable();
					answerWithoutRuntime(request, response);
				},
			},
		);
	}

	const server = http.createServer({ connectionsCheckingInterval: 1000 }, (request, response) => {
		if (status.isUp()) relay(request, response);
		else answerWithoutRuntime(request, response);
	});
	function upgradeWithoutRuntime(request: IncomingMessage, socket: Duplex, head: Buffer): void {
		if (directSite(request)) {
			parts.metrics.answered('direct');
			direct.upgrade(request, socket, head);
		} else {
			parts.metrics.answered('unavailable');
			socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
		}
	}

	server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
		if (!status.isUp()) return upgradeWithoutRuntime(request, socket, head);
		// Not connected, as a relayed request: nothing was sent, so the upgrade is taken without the runtime.
		const onNotConnected = () => {
			parts.metrics.relayFailed('not_connected');
			status.unreachable();
			upgradeWithoutRuntime(request, socket, head);
		};
		const onConnected = () => parts.metrics.answered('relayed');
		proxyUpgrade(request, socket, head, parts.runtimeRouter, () => {}, { ...relayOptions, onNotConnected, onConnected });
	});
	applyRouterTimeouts(server, {});
	return server;
}
