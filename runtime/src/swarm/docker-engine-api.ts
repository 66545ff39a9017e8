/**
 * Reads from the Docker Engine API over its Unix socket: what the holder asks about a site's
 * service many times a second costs one local HTTP request instead of a docker CLI process.
 * Read-only on purpose; what changes a service goes through the docker CLI, as the Docker driver's.
 */
import http from 'node:http';

/** The engine's socket: DOCKER_HOST when it names one (unix://), Docker's default otherwise. */
export function engineSocketPath(dockerHost = process.env['DOCKER_HOST']): string {
	if (!dockerHost) return '/var/run/docker.sock';
	if (!dockerHost.startsWith('unix://')) throw new Error(`DOCKER_HOST=${dockerHost}: the swarm driver reaches the engine only through a Unix socket (unix://…)`);
	return dockerHost.slice('unix://'.length);
}

export class EngineRequestError extends Error {
	readonly status: number;

	constructor(status: number, message: string) {
		super(message);
		this.status = status;
	}
}

/** How the swarm modules read the engine (engineGet; tests give a stand-in). */
export type EngineGet = <T>(path: string) => Promise<T>;

/** GET `path` of the engine's API; resolves with the parsed JSON, or rejects with its status and message. */
export function engineGet<T>(path: string, socketPath = engineSocketPath(), timeoutMs = 5000): Promise<T> {
	return new Promise((resolve, reject) => {
		const request = http.get({ socketPath, path, timeout: timeoutMs, headers: { host: 'docker' } }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('error', reject);
			response.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				const status = response.statusCode ?? 0;
				if (status >= 200 && status < 300) {
					try {
						resolve(JSON.parse(text) as T);
					} catch {
						reject(new EngineRequestError(status, `The Docker engine answered ${path} with something other than JSON`));
					}
					return;
				}
				let message = text.trim();
				try {
					message = (JSON.parse(text) as { message?: string }).message ?? message;
				} catch {
					// The plain text is the message.
				}
				reject(new EngineRequestError(status, `Docker engine, GET ${path}: ${status} ${message}`));
			});
		});
		request.on('timeout', () => request.destroy(new Error(`Docker engine, GET ${path}: no answer within ${timeoutMs} ms`)));
		request.on('error', reject);
	});
}
