import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabaseGate, type DatabaseGate } from './database-gate.ts';

function startupPacket(parameters: Record<string, string>): Buffer {
	const body = Buffer.from(`${Object.entries(parameters).flat().join('\0')}\0\0`, 'utf8');
	const header = Buffer.alloc(8);
	header.writeInt32BE(8 + body.length, 0);
	header.writeInt32BE(196608, 4);
	return Buffer.concat([header, body]);
}

const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

/** Sends `bytes` through the gate; resolves with what came back once the gate or the server closes. */
function exchange(socketPath: string, bytes: Buffer[]): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const client = net.connect(socketPath);
		const received: Buffer[] = [];
		client.on('data', (chunk) => received.push(chunk));
		client.on('error', reject);
		client.on('close', () => resolve(Buffer.concat(received)));
		client.on('connect', () => {
			for (const chunk of bytes) client.write(chunk);
		});
	});
}

let dir: string;
let gate: DatabaseGate | null = null;
let server: net.Server;
/** What the stand-in server received on each connection; it answers 'R' and closes. */
let arrived: Buffer[];

beforeEach(async () => {
	dir = mkdtempSync(path.join(tmpdir(), 'gate-'));
	arrived = [];
	server = net.createServer((socket) => {
		const chunks: Buffer[] = [];
		socket.on('data', (chunk) => {
			chunks.push(chunk);
			arrived.push(Buffer.concat(chunks));
			socket.end('R');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
	await gate?.close();
	gate = null;
	await new Promise((resolve) => server.close(resolve));
	rmSync(dir, { recursive: true, force: true });
});

function open(): string {
	const port = (server.address() as net.AddressInfo).port;
	gate = openDatabaseGate(path.join(dir, 'site'), { host: '127.0.0.1', port, user: 'site_a', database: 'site_a' }, () => {});
	return path.join(gate.dir, '.s.PGSQL.5432');
}

describe('the database gate', () => {
	it("forwards the site's own role and database, start-up packet included, after declining encryption", async () => {
		const startup = startupPacket({ user: 'site_a', database: 'site_a' });
		const answer = await exchange(open(), [SSL_REQUEST, startup]);
		expect(answer.toString()).toBe('NR');
		expect(arrived).toEqual([startup]);
	});

	it('turns away another role or database with a FATAL error, and the server never hears of it', async () => {
		const socketPath = open();
		const refused: Record<string, string>[] = [
			{ user: 'postgres', database: 'site_a' },
			{ user: 'site_a', database: 'postgres' },
			{ user: 'site_a', database: 'site_a', replication: 'true' },
		];
		for (const parameters of refused) {
			const answer = await exchange(socketPath, [startupPacket(parameters)]);
			expect(answer.subarray(0, 1).toString()).toBe('E');
			expect(answer.toString()).toContain('This site may connect only as role "site_a" to database "site_a"');
		}
		expect(arrived).toEqual([]);
	});

	it('refuses a socket path longer than Unix sockets hold, saying which', () => {
		expect(() => openDatabaseGate(path.join(dir, 'x'.repeat(100)), { host: '127.0.0.1', port: 1, user: 'a', database: 'a' }, () => {})).toThrow(/longer than Unix sockets allow/);
	});

	it('removes its folder when closed', async () => {
		open();
		await gate!.close();
		gate = null;
		expect(existsSync(path.join(dir, 'site'))).toBe(false);
		await expect(exchange(path.join(dir, 'site', '.s.PGSQL.5432'), [])).rejects.toMatchObject({ code: 'ENOENT' });
	});
});
