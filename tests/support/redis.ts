/**
 * Empties one Redis database of the tests' Redis (TEST_REDIS_URL: the machine's, or a container's
 * with a password), so a suite's counters start from zero whatever ran before.
 */
import net from 'node:net';
import { TEST_REDIS_URL } from '@epic/local-platform/test-prerequisites';

export function flushRedisDatabase(database: number): Promise<void> {
	const url = new URL(TEST_REDIS_URL);
	const password = decodeURIComponent(url.password);
	const commands = [...(password ? [`AUTH ${password}`] : []), `SELECT ${database}`, 'FLUSHDB'];
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
		let answer = '';
		socket.setTimeout(5000, () => socket.destroy(new Error('Redis did not answer within 5 s')));
		socket.on('error', reject);
		socket.on('connect', () => socket.write(commands.map((command) => `${command}\r\n`).join('')));
		socket.on('data', (data) => {
			answer += data.toString();
			if (answer.split('\r\n').filter(Boolean).length < commands.length) return;
			socket.destroy();
			if (answer === '+OK\r\n'.repeat(commands.length)) resolve();
			else reject(new Error(`Redis answered ${JSON.stringify(answer)}`));
		});
	});
}
