/** knex settings for the database a Directus environment points at (SQLite file or PostgreSQL URL). */
export interface DatabaseConnection {
	client: 'sqlite3' | 'pg';
	connection: string | { filename: string };
	useNullAsDefault: true;
}

export function databaseConnection(env: Record<string, string>): DatabaseConnection {
	if (env['DB_CLIENT'] === 'pg') {
		return { client: 'pg', connection: env['DB_CONNECTION_STRING'] ?? '', useNullAsDefault: true };
	}
	return { client: 'sqlite3', connection: { filename: env['DB_FILENAME'] ?? '' }, useNullAsDefault: true };
}
