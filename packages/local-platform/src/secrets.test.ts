import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from './secrets.ts';

const folders: string[] = [];
const dataDir = () => {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'epic-secrets-'));
	folders.push(folder);
	return folder;
};

afterEach(() => {
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('loadOrCreateSecrets', () => {
	it('generates a 32-byte credentials key once and keeps it, in a file only its owner reads', () => {
		const folder = dataDir();
		const first = loadOrCreateSecrets(folder, {});
		expect(Buffer.from(first.credentialsKey, 'base64url')).toHaveLength(32);
		expect(loadOrCreateSecrets(folder, {}).credentialsKey).toBe(first.credentialsKey);
		expect(statSync(path.join(folder, 'secrets.json')).mode & 0o777).toBe(0o600);
	});

	it('adds the key to a file written before it existed, keeping the other secrets', () => {
		const folder = dataDir();
		const older = { secret: 's'.repeat(64), adminPassword: 'p'.repeat(24), runtimeSecret: 'r'.repeat(64) };
		writeFileSync(path.join(folder, 'secrets.json'), JSON.stringify(older));
		const loaded = loadOrCreateSecrets(folder, {});
		expect(loaded).toMatchObject({ secret: older.secret, adminPassword: older.adminPassword, runtimeSecret: older.runtimeSecret });
		const stored = JSON.parse(readFileSync(path.join(folder, 'secrets.json'), 'utf8')) as Record<string, string>;
		expect(stored['credentialsKey']).toBe(loaded.credentialsKey);
	});

	it('lets the environment win without writing its key to disk', () => {
		const folder = dataDir();
		const key = Buffer.alloc(32, 9).toString('base64url');
		expect(loadOrCreateSecrets(folder, { CREDENTIALS_KEY: key }).credentialsKey).toBe(key);
		expect(readFileSync(path.join(folder, 'secrets.json'), 'utf8')).not.toContain(key);
	});
});
