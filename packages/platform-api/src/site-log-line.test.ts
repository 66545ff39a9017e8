import { describe, expect, it } from 'vitest';
import { readLogLine } from './site-log-line.ts';

describe('readLogLine', () => {
	it("reads Directus's JSON lines, and shows any other line as it is", () => {
		expect(readLogLine('{"level":40,"time":1795770194394,"msg":"Couldn\'t find flow"}', 'UTC')).toEqual({ time: '09:03:14', level: 'warn', message: "Couldn't find flow" });
		expect(readLogLine('> directus database migrate:latest')).toEqual({ time: null, level: null, message: '> directus database migrate:latest' });
		expect(readLogLine('{"no":"msg"}')).toEqual({ time: null, level: null, message: '{"no":"msg"}' });
		expect(
			readLogLine('{"level":50,"time":1795770194394,"err":{"type":"Error","message":"451 Hourly mail limit reached"},"msg":"Could not send user invitation mail"}', 'UTC'),
		).toEqual({
			time: '09:03:14',
			level: 'error',
			message: 'Could not send user invitation mail: 451 Hourly mail limit reached',
		});
	});
});
