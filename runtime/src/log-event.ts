/**
 * Structured log lines: one JSON object a line, for events a log pipeline must match across
 * processes (a proxy error carries the request id the control plane logs too). The rest of the
 * runtime's log stays plain text.
 */
export interface LogEvent {
	level: 'info' | 'warn' | 'error';
	msg: string;
	[field: string]: unknown;
}

export type EventLogger = (event: LogEvent) => void;

export function jsonEventLogger(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`), now: () => Date = () => new Date()): EventLogger {
	return (event) => write(JSON.stringify({ time: now().toISOString(), source: 'runtime', ...event }));
}
