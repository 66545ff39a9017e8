import { describe, expect, it } from 'vitest';
import { readLogLine } from './log-line';

describe('readLogLine', () => {
  it("reads Directus's JSON lines, and shows any other line as it is", () => {
    expect(readLogLine('{"level":40,"time":1795770194394,"msg":"Couldn\'t find flow"}', 'UTC')).toEqual({ time: '09:03:14', level: 'warn', message: "Couldn't find flow" });
    expect(readLogLine('> directus database migrate:latest')).toEqual({ time: null, level: null, message: '> directus database migrate:latest' });
    expect(readLogLine('{"no":"msg"}')).toEqual({ time: null, level: null, message: '{"no":"msg"}' });
  });
});
