/**
 * Whether a loopback port still has connections the kernel keeps for its process. After the router
 * closes its idle keep-alive sockets, the site's ends close a moment later; a dump must wait for
 * that (CRIU refuses to dump an established or half-closed TCP socket).
 */
import { readFileSync } from 'node:fs';

/** /proc/net/tcp states that belong to a process's socket (TIME_WAIT and LISTEN do not block). */
const OPEN_STATES = new Set(['01', '02', '03', '04', '05', '08', '09', '0B']);

export function openConnectionsOnPort(port: number): number {
	let count = 0;
	for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
		let text: string;
		try {
			text = readFileSync(table, 'utf8');
		} catch {
			continue;
		}
		for (const line of text.split('\n').slice(1)) {
			const fields = line.trim().split(/\s+/);
			if (fields.length < 4) continue;
			const localPort = parseInt(fields[1]!.split(':')[1] ?? '', 16);
			if (localPort === port && OPEN_STATES.has(fields[3]!)) count += 1;
		}
	}
	return count;
}

export async function waitForNoConnections(port: number, timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (openConnectionsOnPort(port) === 0) return true;
		if (Date.now() > deadline) return false;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}
