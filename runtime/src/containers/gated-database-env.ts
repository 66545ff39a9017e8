/**
 * A PostgreSQL site's database settings inside its container: the same role, password and
 * database, reached through its gate's socket (database-gate.ts) instead of the server's address,
 * which the container has no route to. Pure: the Docker spawner applies it; tests read it.
 */
import { GATE_SOCKET_PORT, type GateTarget } from './database-gate.ts';

/** Where the site's gate folder is mounted in its container (read-only). */
export const GATE_MOUNT = '/run/epic-database';

/** The server and the one role and database the site may use, from its connection string; null for SQLite. */
export function gateTargetOf(env: Record<string, string>): GateTarget | null {
	if (env['DB_CLIENT'] !== 'pg' || !env['DB_CONNECTION_STRING']) return null;
	const url = new URL(env['DB_CONNECTION_STRING']);
	return {
		host: decodeURIComponent(url.hostname),
		port: Number(url.port || 5432),
		user: decodeURIComponent(url.username),
		database: decodeURIComponent(url.pathname.slice(1)),
	};
}

/** Directus's variables for the socket: a host that is a folder is a Unix socket's to node-postgres. */
export function gatedEnv(env: Record<string, string>): Record<string, string> {
	const target = gateTargetOf(env);
	if (!target) return env;
	const { DB_CONNECTION_STRING: connectionString, ...rest } = env;
	return {
		...rest,
		DB_HOST: GATE_MOUNT,
		DB_PORT: String(GATE_SOCKET_PORT),
		DB_DATABASE: target.database,
		DB_USER: target.user,
		DB_PASSWORD: decodeURIComponent(new URL(connectionString!).password),
	};
}
