/** Whether a database error is a unique-key conflict, on SQLite, PostgreSQL or through Directus. */
export function isUniqueViolation(error: unknown): boolean {
	const candidate = error as { code?: unknown; errno?: unknown; message?: unknown } | null;
	if (!candidate) return false;
	if (candidate.code === 'RECORD_NOT_UNIQUE' || candidate.code === '23505') return true;
	return candidate.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(String(candidate.message));
}
