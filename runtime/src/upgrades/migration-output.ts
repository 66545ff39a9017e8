/**
 * What went wrong in a failed `directus database migrate:latest`, read from its output (Directus's
 * log as JSON lines, LOG_STYLE=raw): the migration it was applying and the error's message, in one
 * line staff can read. Output that is not Directus's log is quoted from its end.
 */

interface LogLine {
	level?: unknown;
	msg?: unknown;
	err?: { message?: unknown };
}

const ERROR_LEVEL = 50;
const APPLYING = /^Applying (.+?)(?:\.\.\.)?$/;

function parseLine(line: string): LogLine | null {
	try {
		const parsed: unknown = JSON.parse(line);
		return typeof parsed === 'object' && parsed !== null ? (parsed as LogLine) : null;
	} catch {
		return null;
	}
}

export function migrationFailure(output: string): string {
	let applying: string | null = null;
	let error: string | null = null;
	for (const line of output.split('\n')) {
		const entry = parseLine(line);
		if (!entry || typeof entry.msg !== 'string') continue;
		const started = APPLYING.exec(entry.msg);
		if (started) applying = started[1]!;
		if (typeof entry.level === 'number' && entry.level >= ERROR_LEVEL) error = typeof entry.err?.message === 'string' ? entry.err.message : entry.msg;
	}
	const message = error ?? (output.trim().slice(-500) || 'no output');
	return applying ? `migration "${applying}" failed: ${message}` : message;
}
