import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mountableSiteMigrations } from './mountable-site-migrations.ts';

describe('mountableSiteMigrations', () => {
	let source: string;
	let dataDir: string;
	let root: string;
	beforeEach(() => {
		root = mkdtempSync(path.join(tmpdir(), 'site-migrations-'));
		source = path.join(root, 'image', 'site-migrations');
		dataDir = path.join(root, 'data');
	});
	afterEach(() => rmSync(root, { recursive: true, force: true }));

	it('copies the migrations into the data folder, leaving no stale file from an older copy', () => {
		mkdirSync(source, { recursive: true });
		mkdirSync(path.join(dataDir, 'site-migrations'), { recursive: true });
		writeFileSync(path.join(dataDir, 'site-migrations', '20990101A-removed.js'), 'old');
		writeFileSync(path.join(source, '20990102A-current.js'), 'export async function up() {}');

		const copy = mountableSiteMigrations(source, dataDir);

		expect(copy).toBe(path.join(dataDir, 'site-migrations'));
		expect(readFileSync(path.join(copy, '20990102A-current.js'), 'utf8')).toBe('export async function up() {}');
		expect(existsSync(path.join(copy, '20990101A-removed.js'))).toBe(false);
	});

	it('leaves migrations that already live in the data folder where they are', () => {
		const inPlace = path.join(dataDir, 'site-migrations');
		mkdirSync(inPlace, { recursive: true });
		writeFileSync(path.join(inPlace, '20990102A-current.js'), 'kept');
		expect(mountableSiteMigrations(inPlace, dataDir)).toBe(inPlace);
		expect(readFileSync(path.join(inPlace, '20990102A-current.js'), 'utf8')).toBe('kept');
	});
});
