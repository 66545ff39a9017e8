/** Empties one Redis database, so a suite's counters start from zero whatever ran before. */
import net from 'node:net';

export function flushRedisDatabase(database: number): Promise<void> {
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host: '127.0.0.1', port: 6379 });
		let answer = '';
		socket.setTimeout(5000, () => socket.destroy(new Error('Redis did not answer within 5 s')));
		socket.on('error', reject);
		socket.on('connect', () => socket.write(`SELECT ${database}\r\nFLUSHDB\r\n`));
		socket.on('data', (data) => {
			answer += data.toString();
			if (answer.split('\r\n').filter(Boolean).length < 2) return;
			socket.destroy();
			if (answer === '+OK\r\n+OK\r\n') resolve();
			else reject(new Error(`Redis answered ${JSON.stringify(answer)}`));
		});
	});
}
