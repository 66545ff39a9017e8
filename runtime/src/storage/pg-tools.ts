/**
 * pg_dump and pg_restore for one site's database. The connection goes in libpq's environment
 * variables, never on the command line, where any local user could read its password.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

function libpqEnv(url: string): Record<string, string> {
	const parsed = new URL(url);
	const env: Record<string, string> = {
		PATH: process.env['PATH'] ?? '/usr/bin:/bin',
		PGHOST: decodeURIComponent(parsed.hostname),
		PGPORT: parsed.port || '5432',
		PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
		PGUSER: decodeURIComponent(parsed.username),
	};
	if (parsed.password) env['PGPASSWORD'] = decodeURIComponent(parsed.password);
	const sslmode = parsed.searchParams.get('sslmode');
	if (sslmode) env['PGSSLMODE'] = sslmode;
	return env;
}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
	try {
		await run(tool, args, { env: libpqEnv(url), maxBuffer: 16 * 1024 * 1024 });
	} catch (error) {
		const failure = error as Error & { stderr?: string; code?: string };
		if (failure.code === 'ENOENT') throw new Error(`${tool} is not installed on the runtime's host`);
		throw new Error(`${tool} failed: ${(failure.stderr ?? failure.message).trim().slice(-600)}`);
	}
}

/** pg_dump's custom format: one snapshot of the database, compressed, restorable with pg_restore. */
export function pgDump(url: string, file: string): Promise<void> {
	return runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
}

/** Loads a dump into an empty database, all or nothing, as `role` (which then owns what it makes). */
export function pgRestore(url: string, file: string, role: string): Promise<void> {
	return runTool(
		'pg_restore',
		['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--role=${role}`, `--dbname=${new URL(url).pathname.slice(1)}`, file],
		url,
	);
}
