import { describe, expect, it } from 'vitest';
import { takeEvents } from './server-sent-events';

describe('takeEvents', () => {
	it('takes whole events, keeps a partial one for later, skips heartbeats', () => {
		expect(takeEvents('event: lines\ndata: {"a":1}\n\n: still here\n\nevent: lines\ndata: {"b"')).toEqual({
			events: [{ event: 'lines', data: '{"a":1}' }],
			rest: 'event: lines\ndata: {"b"',
		});
		expect(takeEvents('data: one\ndata: two\n\n')).toEqual({ events: [{ event: 'message', data: 'one\ntwo' }], rest: '' });
	});
});
