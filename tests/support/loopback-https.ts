/**
 * HTTPS to a stack on this machine by its real host names: every name resolves to 127.0.0.1 and
 * the only certificate authority trusted is the one given (Caddy's own), so a response proves the
 * certificate was issued for that name by that CA. Node's fetch uses undici's global dispatcher.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { connect, type PeerCertificate } from 'node:tls';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** net.connect asks for every address (`all`) when it may try several families. */
function loopbackLookup(_hostname: string, options: LookupOptions, callback: LookupCallback): void {
	if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
	else callback(null, '127.0.0.1', 4);
}

/** Sends every fetch of this process to 127.0.0.1, trusting `ca` only; returns the undo. */
export function fetchThroughLoopback(ca: string): () => Promise<void> {
	const previous = getGlobalDispatcher();
	const agent = new Agent({ connect: { ca, lookup: loopbackLookup } });
	setGlobalDispatcher(agent);
	return async () => {
		setGlobalDispatcher(previous);
		await agent.close();
	};
}

/** The certificate served for `servername` on 127.0.0.1:`port`, checked against `ca`; rejects when none is. */
export function servedCertificate(servername: string, ca: string, port = 443): Promise<PeerCertificate> {
	return new Promise((resolve, reject) => {
		const socket = connect({ host: '127.0.0.1', port, servername, ca }, () => {
			resolve(socket.getPeerCertificate());
			socket.end();
		});
		socket.once('error', reject);
	});
}
