/**
 * A site's log line as its reader sees it (the owner in the portal, staff in Studio): Directus writes
 * JSON lines (pino); others show as they are. An error's own message follows the line's, since
 * that is where the reason is (a refused email's SMTP answer, say).
 */
export interface LogLine {
	/** `HH:MM:SS` in the reader's time zone, when the line says when. */
	time: string | null;
	level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | null;
	message: string;
}

const LEVELS: Record<number, NonNullable<LogLine['level']>> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

export function readLogLine(line: string, timeZone?: string): LogLine {
	let parsed: unknown;
	try {
		parsed = JSON.parse(line);
	} catch {
		return { time: null, level: null, message: line };
	}
	if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { msg?: unknown }).msg !== 'string') return { time: null, level: null, message: line };
	const { msg, level, time, err } = parsed as { msg: string; level?: unknown; time?: unknown; err?: { message?: unknown } };
	const reason = typeof err === 'object' && err !== null && typeof err.message === 'string' && err.message !== msg ? err.message : null;
	const when = typeof time === 'number' ? new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZone }).format(time) : null;
	return { time: when, level: typeof level === 'number' ? (LEVELS[level] ?? null) : null, message: reason ? `${msg}: ${reason}` : msg };
}
