/**
 * A loopback port nobody listens on right now, for a process that binds it a few seconds later
 * (Directus, the runtime, MailDev). It is drawn at random below the kernel's ephemeral range
 * (32768–60999 on Linux): a port the kernel hands out (`listen(0)`) is one it also hands out as the
 * source port of outgoing connections and to the next `listen(0)`, so in the seconds before Directus
 * binds it, a database connection or another test's server could take it ("Port … is already in
 * use", seen in a full run). Ports given out by this process are not given out again.
 */
import net from 'node:net';

const LOWEST = 20_000;
const HIGHEST = 32_767;
const given = new Set<number>();

/** Whether nothing listens on `port` at `host` now (a listen there succeeds). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.unref();
		server.once('error', () => resolve(false));
		server.listen(port, host, () => server.close(() => resolve(true)));
	});
}

export async function freeLoopbackPort(): Promise<number> {
	for (let attempt = 0; attempt < 200; attempt++) {
		const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
		if (given.has(port) || !(await isPortFree(port))) continue;
		given.add(port);
		return port;
	}
	throw new Error(`No free loopback port between ${LOWEST} and ${HIGHEST} after 200 tries`);
}

/** `size` consecutive loopback ports nobody listens on right now (a replicas' port range), none given out before. */
export async function freeLoopbackPortRange(size: number): Promise<number[]> {
	for (let attempt = 0; attempt < 200; attempt++) {
		const first = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 2 - size));
		const ports = Array.from({ length: size }, (_, index) => first + index);
		if (ports.some((port) => given.has(port))) continue;
		if (!(await Promise.all(ports.map((port) => isPortFree(port)))).every(Boolean)) continue;
		for (const port of ports) given.add(port);
		return ports;
	}
	throw new Error(`No ${size} consecutive free loopback ports between ${LOWEST} and ${HIGHEST} after 200 tries`);
}
