/**
 * What `npm test` needs on the machine besides node_modules: Debian's Chromium for the browser
 * tests and a running PostgreSQL for the PostgreSQL half of the integration suite. Both are set up
 * here when missing, so a fresh machine (CI) needs nothing by hand; when that is impossible the run
 * stops with a message that says what is missing.
 */
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { runCommand } from '@epic/node-support/processes';
import { TEST_POSTGRES_URL } from '@epic/node-support/test-postgres';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const POSTGRES_URL = TEST_POSTGRES_URL;

export async function ensureChromium(log: (message: string) => void): Promise<void> {
	if (existsSync(CHROMIUM_PATH)) return;
	log('Chromium is missing: installing Debian\'s chromium package…');
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await runCommand('apt-get', ['update'], { label: 'apt-get update', env });
	await runCommand('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { label: 'apt-get install chromium', env });
	if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} does not exist`);
}

async function postgresAnswers(): Promise<boolean> {
	const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
	try {
		await client.connect();
		await client.query('SELECT 1');
		return true;
	} catch {
		return false;
	} finally {
		await client.end().catch(() => {});
	}
}

export async function ensurePostgres(log: (message: string) => void): Promise<void> {
	if (await postgresAnswers()) return;
	const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
	if (versions.length === 0) {
		throw new Error(`PostgreSQL does not answer at ${POSTGRES_URL} and no Debian cluster is installed to start.`);
	}
	log(`PostgreSQL is not answering: starting cluster ${versions[0]}/main…`);
	await runCommand('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0]!, 'main', 'start'], { label: 'pg_ctlcluster start' });
	for (let attempt = 0; attempt < 30; attempt++) {
		if (await postgresAnswers()) return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`PostgreSQL was started but does not answer at ${POSTGRES_URL}.`);
}
