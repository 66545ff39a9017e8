/**
 * The runtime's management API, for the control plane's `local` driver. Listens on loopback only
 * and answers nothing without the shared secret.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { RuntimeError } from '../errors.ts';
import type { BackupService } from '../backups/backup-service.ts';
import type { InstanceService } from '../instances/instance-service.ts';
import type { HostIndex } from '../instances/host-index.ts';
import type { WarmPool } from '../instances/warm-pool.ts';
import type { UsageCounter } from '../usage/usage-counter.ts';
import type { UpgradeService } from '../upgrades/upgrade-service.ts';
import type { AcceptedSecrets } from '../secrets/accepted-secrets.ts';
import { hasSecret } from './bearer-secret.ts';
import { matchesBackupRoute, routeBackups, type Reply } from './backup-routes.ts';
import { readJson, sendError, sendFile, sendJson } from './http-helpers.ts';
import { streamSiteLog, type LogStreamTiming } from './log-stream.ts';
import {
	adminCredentials,
	domainsBody,
	corsBody,
	licenseBody,
	ensureInstanceBody,
	INSTANCES_PATH,
	POOL_PATH,
	SLEEP_TIERS_PATH,
	projectId,
	resourcesBody,
	templateBody,
	siteLogQuery,
	TLS_ALLOWED_PATH,
	USAGE_PATH,
	usageQuery,
	type PoolStatus,
	type SleepTiersStatus,
} from '@epic/runtime-contract';

export interface ApiServerOptions {
	/** The bearer the control plane sends: RUNTIME_SECRET, or during a rotation the previous one. */
	secrets: AcceptedSecrets;
	service: InstanceService;
	/** Which hosts are sites', for the TLS check. */
	hosts: Pick<HostIndex, 'lookup'>;
	backups: BackupService;
	upgrades: UpgradeService;
	pool: WarmPool;
	usage: UsageCounter;
	/** What the sleep tiers hold and whether checkpoints work on this machine. */
	sleepTiers: () => SleepTiersStatus;
	log: (message: string) => void;
	/** How often a followed site log is read again; tests shorten it. */
	logStreamTiming?: LogStreamTiming;
}

/** `whole` names the value when a problem is with all of it rather than one field. */
function parse<T>(schema: z.ZodType<T>, value: unknown, whole = 'body'): T {
	const result = schema.safeParse(value);
	if (result.success) return result.data;
	const problems = result.error.issues.map((issue) => `${issue.path.join('.') || whole}: ${issue.message}`).join('; ');
	throw new RuntimeError('INVALID_PAYLOAD', problems, 400);
}

/** A malformed %-escape (`/instances/%E0%A4%A`) is the client's error (400), not the server's (500). */
function decodePathSegment(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		throw new RuntimeError('INVALID_PATH', `The path segment ${segment} is not valid percent-encoding`, 400);
	}
}

type Handler = (request: IncomingMessage, id: string) => Promise<[number, unknown?]>;

export function createApiServer(options: ApiServerOptions): http.Server {
	const { service } = options;

	const instanceRoutes: Record<string, Handler> = {
		'GET ': async (_request, id) => [200, { data: await service.statusWithDisk(id) }],
		'PUT ': async (request, id) => {
			const body = parse(ensureInstanceBody, await readJson(request));
			const status = await service.ensure({ projectId: id, subdomain: body.subdomain, projectName: body.projectName, admin: body.admin, resources: body.resources });
			return [200, { data: status }];
		},
		'DELETE ': async (_request, id) => {
			try {
				await service.delete(id);
			} catch (error) {
				// A deletion cut off after the site went and before its backups did is finished by the retry.
				if (error instanceof RuntimeError && error.code === 'INSTANCE_NOT_FOUND') await options.backups.deleteAll(id);
				throw error;
			}
			await options.backups.deleteAll(id);
			return [204];
		},
		'POST /start': async (_request, id) => [200, { data: await service.start(id) }],
		'POST /stop': async (_request, id) => [200, { data: await service.stop(id, 'stopped') }],
		'POST /suspend': async (_request, id) => [200, { data: await service.stop(id, 'suspended') }],
		'PUT /admin': async (request, id) => {
			await service.setAdminCredentials(id, parse(adminCredentials, await readJson(request)));
			return [204];
		},
		'PUT /domains': async (request, id) => [200, { data: await service.setDomains(id, parse(domainsBody, await readJson(request)).domains) }],
		'PUT /cors': async (request, id) => [200, { data: await service.setCorsOrigins(id, parse(corsBody, await readJson(request)).origins) }],
		'PUT /resources': async (request, id) => [200, { data: await service.setResources(id, parse(resourcesBody, await readJson(request)).resources) }],
		'POST /upgrade': async (_request, id) => [200, { data: await options.upgrades.upgrade(id) }],
		// The answer carries nothing of the key; the request body is never logged.
		'PUT /license': async (request, id) => {
			await service.setLicenseKey(id, parse(licenseBody, await readJson(request)).key);
			return [204];
		},
		'GET /tier': async (_request, id) => [200, { data: await service.siteTier(id) }],
		'POST /template': async (request, id) => {
			await service.applyTemplate(id, parse(templateBody, await readJson(request)).template);
			return [204];
		},
		'GET /logs': async (request, id) => [200, { data: service.siteLog(id, logQuery(request).after ?? null) }],
	};

	function logQuery(request: IncomingMessage) {
		return parse(siteLogQuery, Object.fromEntries(new URL(request.url ?? '/', 'http://runtime').searchParams), 'query');
	}

	/** GET /instances/:id/logs/stream, answered as a stream of events rather than one reply (log-stream.ts). */
	function streamLog(request: IncomingMessage, response: ServerResponse): boolean {
		const match = /^\/instances\/([^/]+)\/logs\/stream$/.exec(new URL(request.url ?? '/', 'http://runtime').pathname);
		if (request.method !== 'GET' || !match) return false;
		try {
			const id = parse(projectId, decodePathSegment(match[1]!), 'projectId');
			const after = logQuery(request).after ?? null;
			service.siteLog(id, after);
			streamSiteLog(request, response, (from) => service.siteLog(id, from), after, options.logStreamTiming);
		} catch (error) {
			if (error instanceof RuntimeError) sendError(response, error);
			else sendError(response, new RuntimeError('INTERNAL', (error as Error).message, 500));
		}
		return true;
	}

	async function route(request: IncomingMessage): Promise<Reply> {
		const url = new URL(request.url ?? '/', 'http://runtime');
		const method = request.method ?? 'GET';
		if (method === 'GET' && url.pathname === INSTANCES_PATH) return [200, { data: service.list() }];
		if (method === 'GET' && url.pathname === POOL_PATH) {
			const pool: PoolStatus = { available: options.pool.available() };
			return [200, { data: pool }];
		}
		if (method === 'GET' && url.pathname === SLEEP_TIERS_PATH) return [200, { data: options.sleepTiers() }];
		if (method === 'GET' && url.pathname === USAGE_PATH) {
			const query = parse(usageQuery, Object.fromEntries(url.searchParams));
			return [200, { data: await options.usage.read(query.from ?? '0000-00-00', query.projectId) }];
		}
		const backupMatch = /^\/instances\/([^/]+)(\/(?:backups|restores)(?:\/.*)?)$/.exec(url.pathname);
		if (backupMatch && matchesBackupRoute(backupMatch[2]!)) {
			const id = parse(projectId, decodePathSegment(backupMatch[1]!), 'projectId');
			return routeBackups(options.backups, request, method, id, backupMatch[2]!, decodePathSegment, parse);
		}
		const match = /^\/instances\/([^/]+)(\/[a-z]+)?$/.exec(url.pathname);
		const handler = match ? instanceRoutes[`${method} ${match[2] ?? ''}`] : undefined;
		if (!match || !handler) throw new RuntimeError('ROUTE_NOT_FOUND', `${method} ${url.pathname} does not exist`, 404);
		return handler(request, parse(projectId, decodePathSegment(match[1]!), 'projectId'));
	}

	return http.createServer((request: IncomingMessage, response: ServerResponse) => {
		// Caddy's on-demand TLS asks here before it requests a certificate; it cannot send the
		// secret, and the answer (is this host one of our sites?) is public anyway: the router says it.
		if (request.method === 'GET' && request.url?.startsWith(`${TLS_ALLOWED_PATH}?`)) {
			const domain = new URL(request.url, 'http://runtime').searchParams.get('domain') ?? '';
			sendJson(response, options.hosts.lookup(domain.toLowerCase()) ? 200 : 404, {});
			return;
		}
		if (!hasSecret(request, options.secrets)) {
			request.resume();
			sendError(response, new RuntimeError('UNAUTHORIZED', 'The runtime API needs its shared secret', 401));
			return;
		}
		if (streamLog(request, response)) return;
		route(request).then(
			(reply) => {
				if (Array.isArray(reply)) return sendJson(response, reply[0], reply[1]);
				// The status is sent already: a failure now can only cut the download short.
				sendFile(response, reply).catch((error: Error) => options.log(`${request.url} stopped streaming: ${error.message}`));
			},
			(error: Error) => {
				if (error instanceof RuntimeError) return sendError(response, error);
				options.log(`${request.method} ${request.url} failed: ${error.stack ?? error.message}`);
				sendError(response, new RuntimeError('INTERNAL', error.message, 500));
			},
		);
	});
}
