/** Builds the site-log service and its routes (`GET /projects/:id/logs` and `/logs/stream`) from the bundle's context. */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ApiExtensionContext } from '@directus/types';
import type { Request, Router } from 'express';
import { InvalidPayloadError } from '../../errors.ts';
import { asyncRoute } from '../../http/async-route.ts';
import type { PlatformServices } from '../../platform-services.ts';
import { projectCallerOf } from '../project-visibility.ts';
import { ProjectLogsService } from './project-logs-service.ts';

/** The dialog waits for the first lines at most this long; a hung runtime makes the log unavailable, not the dialog slow. */
const LOGS_TIMEOUT_MS = 5000;

export function projectLogsService(context: Pick<ApiExtensionContext, 'env' | 'database' | 'logger'>, services: PlatformServices): ProjectLogsService {
	return new ProjectLogsService({ database: context.database, driver: services.driverWithin(LOGS_TIMEOUT_MS), logger: context.logger });
}

/** `?after=`: an offset a previous read answered; absent, the log's end. */
function afterOf(req: Request): number | undefined {
	const value = req.query['after'];
	if (value === undefined) return undefined;
	if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw new InvalidPayloadError({ reason: 'after: must be an offset a previous read answered' });
	return Number(value);
}

export function registerProjectLogRoutes(router: Router, logs: ProjectLogsService): void {
	router.get(
		'/:id/logs',
		asyncRoute(async (req, res) => {
			res.setHeader('Cache-Control', 'no-store');
			res.json({ data: await logs.read(projectCallerOf(req), String(req.params['id']), afterOf(req)) });
		}),
	);

	router.get(
		'/:id/logs/stream',
		asyncRoute(async (req, res) => {
			const stop = new AbortController();
			const stream = await logs.stream(projectCallerOf(req), String(req.params['id']), afterOf(req), stop.signal);
			res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
			res.flushHeaders();
			const events = Readable.fromWeb(stream as WebReadableStream<Uint8Array>);
			// The reader left: stop reading the runtime's stream, which stops its timer.
			res.on('close', () => stop.abort());
			events.on('error', () => res.end());
			events.pipe(res);
		}),
	);
}
