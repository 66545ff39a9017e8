import net from 'node:net';
import pg from 'pg';
import { freeLoopbackPortRange } from '@epic/node-support/free-port';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';
import { firstFreePort, portRange, whileHoldingStartLock } from './replica-start.ts';

const servers: net.Server[] = [];

afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listenOn(port: number): Promise<void> {
	const server = net.createServer();
	servers.push(server);
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen({ host: '127.0.0.1', port }, () => resolve());
	});
}

describe('portRange', () => {
	it('reads a range of ports', () => {
		expect(portRange('8061-8064')).toEqual([8061, 8062, 8063, 8064]);
		expect(portRange(' 9000-9000 ')).toEqual([9000]);
	});

	it('refuses what is not a range of ports, naming it', () => {
		for (const value of ['8061', '8064-8061', '0-3', '65535-65536', '8000-9000', 'a-b']) expect(() => portRange(value), value).toThrow(`"${value}"`);
	});
});

describe('firstFreePort', () => {
	it('skips ports something listens on, and says so when the range is full', async () => {
		const ports = await freeLoopbackPortRange(3);
		await listenOn(ports[0]!);
		expect(await firstFreePort('127.0.0.1', ports)).toBe(ports[1]);
		await listenOn(ports[1]!);
		await listenOn(ports[2]!);
		await expect(firstFreePort('127.0.0.1', ports)).rejects.toThrow('more replicas than the range holds');
	});
});

describe('whileHoldingStartLock', () => {
	it('lets one replica at a time start on one PostgreSQL server', async () => {
		const order: string[] = [];
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		let started!: () => void;
		const holding = new Promise<void>((resolve) => (started = resolve));
		const first = whileHoldingStartLock(TEST_POSTGRES_URL, async () => {
			order.push('first starts');
			started();
			await held;
			order.push('first listens');
		});
		await holding;
		const second = whileHoldingStartLock(TEST_POSTGRES_URL, async () => {
			order.push('second starts');
		});
		await new Promise((resolve) => setTimeout(resolve, 300));
		order.push('first let go');
		release();
		await Promise.all([first, second]);
		expect(order).toEqual(['first starts', 'first let go', 'first listens', 'second starts']);
	});

	it('keeps no transaction open while a replica waits for its turn, so the holder can build indexes concurrently', async () => {
		const database = `replica_start_${process.pid}`;
		const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
		await admin.connect();
		await admin.query(`DROP DATABASE IF EXISTS ${database}`);
		await admin.query(`CREATE DATABASE ${database}`);
		const url = new URL(TEST_POSTGRES_URL);
		url.pathname = `/${database}`;
		try {
			let waiting!: Promise<void>;
			await whileHoldingStartLock(url.href, async () => {
				waiting = whileHoldingStartLock(url.href, async () => {}, 50);
				await new Promise((resolve) => setTimeout(resolve, 200));
				// What Directus's bootstrap does while its replica holds the lock.
				const holder = new pg.Client({ connectionString: url.href });
				await holder.connect();
				try {
					await holder.query('CREATE TABLE activity (timestamp timestamptz)');
					await holder.query({ text: 'SET statement_timeout = 5000' });
					await holder.query('CREATE INDEX CONCURRENTLY activity_timestamp ON activity (timestamp)');
				} finally {
					await holder.end();
				}
			});
			await waiting;
		} finally {
			await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
			await admin.end();
		}
	});

	it('runs the work at once without a database server (SQLite: one process)', async () => {
		expect(await whileHoldingStartLock(null, async () => 'started')).toBe('started');
	});
});
