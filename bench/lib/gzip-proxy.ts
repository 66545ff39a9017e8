/**
 * A reverse proxy that compresses text answers with gzip, standing in for Caddy's `encode zstd
 * gzip` in front of the control plane in production (Caddyfile): browsers measured through it
 * download what a customer's browser downloads, not the control plane's uncompressed bytes.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { freeLoopbackPort } from '@epic/node-support/free-port';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

export interface GzipProxy {
	url: string;
	close(): Promise<void>;
}

export async function startGzipProxy(upstreamUrl: string): Promise<GzipProxy> {
	const upstream = new URL(upstreamUrl);
	const server = http.createServer((req, res) => {
		const wantsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
		const forward = http.request(
			{
				host: upstream.hostname,
				port: upstream.port,
				method: req.method,
				path: req.url,
				// The proxy compresses; the control plane answers plainly.
				headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
			},
			(answer) => {
				const type = String(answer.headers['content-type'] ?? '');
				const compress = wantsGzip && COMPRESSIBLE.test(type) && !answer.headers['content-encoding'] && req.method !== 'HEAD';
				const headers = { ...answer.headers };
				if (compress) {
					delete headers['content-length'];
					headers['content-encoding'] = 'gzip';
					headers['vary'] = 'Accept-Encoding';
				}
				res.writeHead(answer.statusCode ?? 502, headers);
				if (compress) answer.pipe(zlib.createGzip()).pipe(res);
				else answer.pipe(res);
			},
		);
		forward.on('error', (error) => {
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`proxy: ${error.message}`);
		});
		req.pipe(forward);
	});
	const port = await freeLoopbackPort();
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
