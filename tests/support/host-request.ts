/**
 * HTTP requests to the router with a chosen Host header. Node's fetch neither lets a caller set
 * Host nor resolves `*.localhost`, so this speaks node:http to 127.0.0.1 directly, the way a
 * browser resolving `alpha.localhost` would reach the router.
 */
import http from 'node:http';

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
}

export function hostRequest(baseUrl: string, host: string, path: string, init: HostRequestInit = {}): Promise<HostResponse> {
	const url = new URL(baseUrl);
	return new Promise((resolve, reject) => {
		const request = http.request(
			{
				host: url.hostname,
				port: url.port,
				method: init.method ?? 'GET',
				path,
				headers: { ...init.headers, host },
				timeout: init.timeoutMs ?? 60_000,
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
