/** Whether something accepts a TCP connection at `host`:`port` now (a refusal or 1 s of silence is no). */
import net from 'node:net';

export function acceptsConnections(host: string, port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host, port, timeout: 1000 }, () => {
			socket.destroy();
			resolve(true);
		});
		socket.on('error', () => resolve(false));
		socket.on('timeout', () => {
			socket.destroy();
			resolve(false);
		});
	});
}
