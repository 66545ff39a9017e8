/**
 * A small reverse proxy to an upstream (a loopback port, or another machine's router): requests and responses are streamed both ways
 * (uploads are never buffered), upstream connections are kept alive, and websocket upgrades are
 * spliced into a raw TCP tunnel.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/** Headers that describe one hop's connection and must not be forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });

/**
 * Ends the kept-alive idle connections to one upstream port: a site about to be checkpointed must
 * have no open TCP connection (CRIU refuses to dump one).
 */
export function closeIdleUpstreamSockets(port: number): void {
	for (const [key, sockets] of Object.entries(upstreamAgent.freeSockets)) {
		if (key.startsWith(`127.0.0.1:${port}:`)) for (const socket of sockets ?? []) socket.destroy();
	}
}

/** IPv4 peers come as `::ffff:a.b.c.d` on a dual-stack socket. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** `trustedProxies`: peers whose X-Forwarded-For is believed (ROUTER_TRUSTED_PROXIES). */
function forwardedHeaders(request: IncomingMessage, secure: boolean, trustedProxies: ReadonlySet<string>): IncomingHttpHeaders {
	const headers: IncomingHttpHeaders = {};
	for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
	const clientIp = plainAddress(request.socket.remoteAddress ?? '');
	const previous = request.headers['x-forwarded-for'];
	// A trusted proxy already put its client last: the upstream, trusting one hop, reads that one.
	const fromTrustedProxy = previous !== undefined && trustedProxies.has(clientIp);
	headers['x-forwarded-for'] = fromTrustedProxy ? previous : previous ? `${previous}, ${clientIp}` : clientIp;
	headers['x-forwarded-proto'] ??= secure ? 'https' : 'http';
	if (request.headers.host) headers['x-forwarded-host'] ??= request.headers.host;
	return headers;
}

/** A port on loopback, or a host and port elsewhere (a router on another node relays to the runtime's). */
export type Upstream = number | { host: string; port: number };

function addressOf(upstream: Upstream): { host: string; port: number } {
	return typeof upstream === 'number' ? { host: '127.0.0.1', port: upstream } : upstream;
}

export type ProxyFailure = (error: Error) => void;
/** Called once the upstream's answer starts, with its status. */
export type ProxyAnswer = (status: number) => void;

/** Methods a client may send twice with the same effect (RFC 9110 §9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

/**
 * A request the router can send again by itself: idempotent and without a body (a body is streamed
 * to the upstream as it arrives, so there is nothing left to send a second time).
 */
export function isReplayable(request: IncomingMessage): boolean {
	const length = request.headers['content-length'];
	const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
	return !hasBody && IDEMPOTENT_METHODS.has(request.method ?? '');
}

export interface ProxyOptions {
	/** Peers whose X-Forwarded-For is passed on as it came (ROUTER_TRUSTED_PROXIES). */
	trustedProxies: ReadonlySet<string>;
	/**
	 * Called, instead of failing the request, when the connection to the upstream never opened
	 * (refused, unreachable, or not open within `connectTimeoutMs`): nothing was read from the
	 * client, its body included, nor sent to it, so the caller can answer it elsewhere.
	 */
	onNotConnected?: (error: Error) => void;
	/** An upgrade's connection to the upstream opened (the node router counts it relayed). */
	onConnected?: () => void;
	/** The pool of kept-alive connections to draw from; unset, the router's own. */
	agent?: http.Agent;
	/**
	 * How long a new connection may take to open. Unset, the system's own (minutes, for a machine
	 * that is gone): a loopback port refuses at once, so only an upstream on another machine needs it.
	 */
	connectTimeoutMs?: number;
}

const NO_TRUSTED_PROXY: ProxyOptions = { trustedProxies: new Set() };

/**
 * Destroys a connection, with an ETIMEDOUT error, that is not open within `timeoutMs`: a machine
 * that is gone answers nothing, and the system's own wait is minutes.
 */
function failUnlessConnectedWithin(socket: net.Socket, timeoutMs: number | undefined, destroy: (error: Error) => void): void {
	if (timeoutMs === undefined || !socket.connecting) return;
	const timer = setTimeout(() => destroy(Object.assign(new Error(`no connection within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs);
	const stop = () => clearTimeout(timer);
	socket.once('connect', stop);
	socket.once('close', stop);
}

/**
 * Streams the request to the upstream and its answer back. A kept-alive connection can be closed by
 * the upstream just as a request is written on it (a site woken from SIGSTOP runs its overdue
 * keep-alive timer first): a replayable request that failed that way before any answer is sent once
 * more on a fresh connection, as HTTP clients do (RFC 9110 §9.2.2).
 */
export function proxyRequest(
	request: IncomingMessage,
	response: ServerResponse,
	upstreamAt: Upstream,
	onFailure: ProxyFailure,
	onAnswer: ProxyAnswer = () => {},
	options: ProxyOptions = NO_TRUSTED_PROXY,
): void {
	let clientGone = false;
	let answered = false;
	let current: http.ClientRequest;
	const { host, port } = addressOf(upstreamAt);
	const send = (freshConnection: boolean) => {
		let connected = false;
		const upstream = http.request(
			{
				host,
				port,
				method: request.method,
				path: request.url,
				headers: forwardedHeaders(request, false, options.trustedProxies),
				// `false`: a connection of its own, never one from the pool.
				agent: freshConnection ? false : (options.agent ?? upstreamAgent),
			},
			(answer) => {
				answered = true;
				const headers: IncomingHttpHeaders = {};
				for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
				response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
				onAnswer(answer.statusCode ?? 502);
				answer.pipe(response);
				answer.on('error', () => response.destroy());
			},
		);
		current = upstream;
		upstream.on('error', (error) => {
			// A failure caused by the client hanging up is not the upstream's: nobody is left to tell.
			if (clientGone) return;
			if (!connected && options.onNotConnected) options.onNotConnected(error);
			else if (!freshConnection && !answered && upstream.reusedSocket && isReplayable(request)) send(true);
			else onFailure(error);
		});
		// The body is read only once the connection is open, so one that never opens leaves the
		// request whole for onNotConnected.
		const start = () => {
			connected = true;
			if (freshConnection) upstream.end();
			else request.pipe(upstream);
		};
		upstream.once('socket', (socket) => {
			if (!socket.connecting) return start();
			socket.once('connect', start);
			failUnlessConnectedWithin(socket, options.connectTimeoutMs, (error) => upstream.destroy(error));
		});
	};
	// A client that goes away mid-request must not leave the upstream request hanging.
	response.on('close', () => {
		if (response.writableFinished) return;
		clientGone = true;
		current.destroy();
	});
	send(false);
}

/**
 * Re-sends the upgrade request to the upstream and then splices the two sockets together. With
 * `onNotConnected`, a connection that never opens hands the upgrade back instead of closing the client.
 */
export function proxyUpgrade(request: IncomingMessage, client: Duplex, head: Buffer, upstreamAt: Upstream, onClose: () => void, options: ProxyOptions = NO_TRUSTED_PROXY): void {
	const { host, port } = addressOf(upstreamAt);
	const upstream = net.connect(port, host);
	failUnlessConnectedWithin(upstream, options.connectTimeoutMs, (error) => upstream.destroy(error));
	let closed = false;
	let connected = false;
	const close = () => {
		if (closed) return;
		closed = true;
		client.destroy();
		upstream.destroy();
		onClose();
	};
	const handOver = (onNotConnected: (error: Error) => void, error: Error) => {
		closed = true;
		client.off('error', close);
		client.off('close', close);
		upstream.destroy();
		onNotConnected(error);
	};
	upstream.once('connect', () => {
		connected = true;
		options.onConnected?.();
		const headers = forwardedHeaders(request, false, options.trustedProxies);
		const lines = [`${request.method} ${request.url} HTTP/1.1`, 'Connection: Upgrade', `Upgrade: ${request.headers.upgrade ?? 'websocket'}`];
		for (const [name, value] of Object.entries(headers)) {
			for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) lines.push(`${name}: ${item}`);
		}
		upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
		if (head.length) upstream.write(head);
		client.pipe(upstream).pipe(client);
	});
	upstream.on('error', (error) => {
		if (!connected && !closed && options.onNotConnected) handOver(options.onNotConnected, error);
		else close();
	});
	upstream.on('close', close);
	client.on('error', close);
	client.on('close', close);
}
