/**
 * Whether a loopback port still has connections the kernel keeps for its process. After the router
 * closes its idle keep-alive sockets, the site's ends close a moment later; a dump must wait for
 * that (CRIU refuses to dump an established or half-closed TCP socket).
 */
import { readFileSync } from 'node:fs';

/** /proc/net/tcp states that belong to a process's socket (TIME_WAIT and LISTEN do not block). */
const OPEN_STATES = new Set(['01', '02', '03', '04', '05', '08', '09', '0B']);

export interface TcpSocket {
	localPort: number;
	remotePort: number;
	/** The kernel's state, as /proc/net/tcp writes it in hex ('01': established). */
	state: string;
}

/** Every TCP socket of this network namespace, IPv4 and IPv6, from /proc/net/tcp{,6}. */
export function tcpSockets(): TcpSocket[] {
	const sockets: TcpSocket[] = [];
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
			const portOf = (address: string) => parseInt(address.split(':').at(-1) ?? '', 16);
			sockets.push({ localPort: portOf(fields[1]!), remotePort: portOf(fields[2]!), state: fields[3]! });
		}
	}
	return sockets;
}

export function openConnectionsOnPort(port: number): number {
	return tcpSockets().filter((socket) => socket.localPort === port && OPEN_STATES.has(socket.state)).length;
}

export async function waitForNoConnections(port: number, timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (openConnectionsOnPort(port) === 0) return true;
		if (Date.now() > deadline) return false;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}
