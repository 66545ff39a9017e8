/**
 * GET /instances/:id/logs/stream: a site's log followed live, as server-sent events. Each event
 * (`lines`) carries the lines appended since the last one and the offset to go on from; a comment
 * every so often keeps proxies from closing a quiet stream. The log is read again on a short
 * interval (a file watch does not see writes made from inside a container). The stream ends when
 * the client goes, or with an `end` event when the site is gone.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteLogChunk } from '@epic/runtime-contract';

export interface LogStreamTiming {
	pollMs: number;
	heartbeatMs: number;
}

export const LOG_STREAM_TIMING: LogStreamTiming = { pollMs: 500, heartbeatMs: 15_000 };

export function streamSiteLog(
	request: IncomingMessage,
	response: ServerResponse,
	read: (after: number | null) => SiteLogChunk,
	after: number | null,
	timing: LogStreamTiming = LOG_STREAM_TIMING,
): void {
	response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
	let offset = after;
	let sinceHeartbeat = 0;
	const tick = () => {
		try {
			const chunk = read(offset);
			const first = offset === null;
			offset = chunk.offset;
			if (chunk.lines.length > 0 || first) {
				response.write(`event: lines\ndata: ${JSON.stringify(chunk)}\n\n`);
				sinceHeartbeat = 0;
			} else if ((sinceHeartbeat += timing.pollMs) >= timing.heartbeatMs) {
				response.write(': still here\n\n');
				sinceHeartbeat = 0;
			}
		} catch (error) {
			// The site was deleted (or its record is unreadable): say so and stop; never throw from the timer.
			response.end(`event: end\ndata: ${JSON.stringify({ reason: (error as Error).message })}\n\n`);
			clearInterval(timer);
		}
	};
	const timer = setInterval(tick, timing.pollMs);
	request.on('close', () => clearInterval(timer));
	tick();
}
