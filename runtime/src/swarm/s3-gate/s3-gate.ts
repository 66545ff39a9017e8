/**
 * The runtime's S3 gate for swarm sites: the one S3 endpoint their tasks are given. Each site signs
 * its requests with credentials of its own (site-s3-credentials.ts); the gate checks the signature
 * (sigv4-verification.ts), lets through only what names the site's own prefix (s3-gate-policy.ts),
 * signs the request again with the bucket's credentials, which no site holds, and streams it to S3
 * and the answer back. So a site's task can reach the bucket, and only its own part of it.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SwarmSiteStorage } from '../../config.ts';
import { errorXml, GateRefusal } from './gate-refusal.ts';
import { authorize, isMultiObjectDelete, keysOfDeleteRequest } from './s3-gate-policy.ts';
import { Sha256Hash } from './sha256-hash.ts';
import { instanceOfAccessKey } from './site-s3-credentials.ts';
import { parseAuthorization, verifySignatureWithAny } from './sigv4-verification.ts';

/** A multi-object delete's body is read whole before it is let through: no larger than S3 allows (1,000 keys). */
const MAX_DELETE_BODY_BYTES = 1024 * 1024;

/** Chunks signed each with the signature before it, starting from the client's: cannot be signed again. */
const SIGNED_CHUNKS = /^STREAMING-AWS4-HMAC-SHA256-PAYLOAD/;

/** Headers that are the connection's, or the client's signature's, never passed on. */
const NOT_FORWARDED = new Set(['authorization', 'host', 'x-amz-date', 'connection', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'upgrade']);

export interface S3GateOptions {
	host: string;
	port: number;
	storage: SwarmSiteStorage['s3'];
	/** The site's secrets (the current one first; a rotation's previous one after it) and prefix, by the instance its key id names. */
	secretsOf: (instanceId: string) => readonly string[];
	prefixOf: (instanceId: string) => string;
	now?: () => number;
	log: (message: string) => void;
	/**
	 * Requests for these paths are the runtime's own (the task gate's password grant), answered
	 * here rather than passed to S3.
	 */
	ownPaths?: ReadonlyMap<string, (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>>;
}

export interface S3Gate {
	port: number;
	close(): Promise<void>;
}

function queryOf(rawQuery: string): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const [name, value] of new URLSearchParams(rawQuery)) {
		const existing = query[name];
		query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
	}
	return query;
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > MAX_DELETE_BODY_BYTES) throw new GateRefusal(400, 'MalformedXML', 'The delete request is larger than S3 allows');
		chunks.push(chunk);
	}
	return Buffer.concat(chunks);
}

function decode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		throw new GateRefusal(400, 'InvalidURI', 'The request path is not valid percent-encoding');
	}
}

export async function startS3Gate(options: S3GateOptions): Promise<S3Gate> {
	const upstream = new URL(options.storage.endpoint ?? `https://s3.${options.storage.region}.amazonaws.com`);
	const client = upstream.protocol === 'https:' ? https : http;
	const signer = new SignatureV4({
		credentials: { accessKeyId: options.storage.accessKeyId, secretAccessKey: options.storage.secretAccessKey },
		region: options.storage.region,
		service: 's3',
		sha256: Sha256Hash,
		uriEscapePath: false,
		applyChecksum: false,
	});
	const now = options.now ?? Date.now;

	async function forward(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
		const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split(/\?(.*)/s);
		const query = queryOf(rawQuery);
		const authorization = parseAuthorization(request.headers.authorization);
		const instanceId = instanceOfAccessKey(authorization.accessKeyId);
		if (!instanceId) throw new GateRefusal(403, 'InvalidAccessKeyId', 'The key id is not a site’s');
		const method = request.method ?? 'GET';
		await verifySignatureWithAny({ method, rawPath, query, headers: request.headers }, authorization, options.secretsOf(instanceId), now());
		const copySource = request.headers['x-amz-copy-source'];
		// Its keys are in its body: read it (S3 checks it against the signed hash when it arrives).
		const body = isMultiObjectDelete(method, query) ? await readBody(request) : null;
		authorize(
			{
				method,
				path: decode(rawPath),
				query,
				copySource: typeof copySource === 'string' ? decode(copySource) : undefined,
				...(body ? { deleteKeys: keysOfDeleteRequest(body.toString('utf8')) } : {}),
			},
			options.storage.bucket,
			options.prefixOf(instanceId),
		);
		if (SIGNED_CHUNKS.test(String(request.headers['x-amz-content-sha256']))) {
			throw new GateRefusal(501, 'NotImplemented', 'Uploads in signed chunks cannot pass the gate: send checksums only where required');
		}
		const headers: Record<string, string> = { host: upstream.host };
		for (const [name, value] of Object.entries(request.headers))
			if (!NOT_FORWARDED.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
		const basePath = upstream.pathname.replace(/\/$/, '');
		const signed = await signer.sign({
			method,
			protocol: upstream.protocol,
			hostname: upstream.hostname,
			port: Number(upstream.port) || undefined,
			path: `${basePath}${rawPath}`,
			query,
			headers,
		});
		await new Promise<void>((resolve, reject) => {
			const outgoing = client.request({ method, hostname: upstream.hostname, port: upstream.port, path: `${basePath}${request.url}`, headers: signed.headers }, (answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
				answer.on('end', resolve);
				answer.on('error', reject);
			});
			outgoing.on('error', reject);
			if (body) outgoing.end(body);
			else request.pipe(outgoing);
		});
	}

	const server = http.createServer((request, response) => {
		// A Map, so that no request path can find an inherited member of an object.
		const own = options.ownPaths?.get((request.url ?? '/').split('?')[0]!);
		if (own) {
			own(request, response).catch((error: Error) => {
				options.log(`s3 gate: ${request.url}: ${error.message}`);
				response.destroy();
			});
			return;
		}
		forward(request, response).catch((error: Error) => {
			const refusal = error instanceof GateRefusal ? error : new GateRefusal(502, 'BadGateway', 'The bucket could not be reached');
			if (!(error instanceof GateRefusal)) options.log(`s3 gate: ${error.message}`);
			if (response.headersSent) {
				response.destroy();
				return;
			}
			// What the client sent is not read: the connection closes after the answer.
			response.writeHead(refusal.status, { 'content-type': 'application/xml', connection: 'close' });
			response.end(request.method === 'HEAD' ? undefined : errorXml(refusal));
			if (!request.readableEnded) request.resume();
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		// Shared with every other gate on this address (the runtime's and the site gate's, site-gate.ts):
		// the kernel spreads the connections over those listening, so either serves the sites while
		// the other is away (SO_REUSEPORT; only processes of one user can share a port).
		server.listen({ port: options.port, host: options.host, reusePort: true }, () => {
			server.removeListener('error', reject);
			resolve();
		});
	});
	return {
		port: (server.address() as AddressInfo).port,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}
