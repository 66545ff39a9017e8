/**
 * A project's allowed origins as the `projects.cors_origins` JSON column holds them: an array on
 * PostgreSQL, its JSON text on SQLite, null for a project that never set any.
 */
export function storedOrigins(value: unknown): string[] {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			return [];
		}
	}
	return Array.isArray(parsed) ? parsed.filter((origin): origin is string => typeof origin === 'string') : [];
}
