/**
 * HTTP requests to the router with a chosen Host header. Node's fetch neither lets a caller set
 * Host nor resolves `*.localhost`, so this speaks node:http to 127.0.0.1 directly, the way a
 * browser resolving `alpha.localhost` would reach the router. An `https:` base URL is HTTPS with
 * the host as the TLS server name, trusting only the CA given (`ca`), as a browser reaching a
 * Caddy in front of the router would.
 */
import http from 'node:http';
import https from 'node:https';

export interface HostResponse {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: string;
	json<T = any>(): T;
}

export interface HostRequestInit {
	method?: string;
	headers?: Record<string, string>;
	body?: string | Buffer;
	timeoutMs?: number;
	/** For an `https:` base URL: the only certificate authority trusted (PEM). */
	ca?: string;
}

export function hostRequest(baseUrl: string, host: string, path: string, init: HostRequestInit = {}): Promise<HostResponse> {
	const url = new URL(baseUrl);
	const secure = url.protocol === 'https:';
	const send = secure ? https.request : http.request;
	return new Promise((resolve, reject) => {
		const request = send(
			{
				host: url.hostname,
				port: url.port,
				method: init.method ?? 'GET',
				path,
				headers: { ...init.headers, host },
				timeout: init.timeoutMs ?? 60_000,
				...(secure ? { servername: host, ca: init.ca, agent: false } : {}),
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => {
					const body = Buffer.concat(chunks).toString('utf8');
					resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json: () => JSON.parse(body) });
				});
				response.on('error', reject);
			},
		);
		request.on('timeout', () => request.destroy(new Error(`${host}${path} timed out`)));
		request.on('error', reject);
		request.end(init.body);
	});
}

export function jsonBody(value: unknown): Pick<HostRequestInit, 'headers' | 'body'> {
	return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}
