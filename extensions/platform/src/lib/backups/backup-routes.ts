/**
 * `/projects/:id/backups*` and `/projects/:id/restores/:jobId` (docs/product.md, Backups). The
 * caller comes from Directus's accountability; the service checks the project is theirs.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { asyncRoute } from '../http/async-route.ts';
import { backupCallerOf } from './backup-caller.ts';
import type { ProjectBackupsService } from './project-backups-service.ts';

export function registerBackupRoutes(router: Router, backups: ProjectBackupsService): void {
	router.get(
		'/:id/backups',
		asyncRoute(async (req, res) => {
			res.json({ data: await backups.list(backupCallerOf(req), String(req.params['id'])) });
		}),
	);

	router.post(
		'/:id/backups',
		asyncRoute(async (req, res) => {
			res.status(201).json({ data: await backups.create(backupCallerOf(req), String(req.params['id'])) });
		}),
	);

	router.get(
		'/:id/backups/:backupId/download',
		asyncRoute(async (req, res) => {
			const archive = await backups.download(backupCallerOf(req), String(req.params['id']), String(req.params['backupId']));
			res.status(200);
			res.setHeader('Content-Type', 'application/gzip');
			res.setHeader('Content-Disposition', `attachment; filename="${archive.fileName}"`);
			res.setHeader('Cache-Control', 'no-store');
			if (archive.size !== null) res.setHeader('Content-Length', String(archive.size));
			// Once bytes are sent no error page can follow: a broken stream ends the response, which the
			// client sees as an incomplete download.
			await pipeline(Readable.fromWeb(archive.stream as NodeReadableStream<Uint8Array>), res).catch(() => res.destroy());
		}),
	);

	router.post(
		'/:id/backups/:backupId/restore',
		asyncRoute(async (req, res) => {
			res.status(202).json({ data: await backups.restore(backupCallerOf(req), String(req.params['id']), String(req.params['backupId'])) });
		}),
	);

	router.get(
		'/:id/restores/:jobId',
		asyncRoute(async (req, res) => {
			res.json({ data: await backups.restoreJob(backupCallerOf(req), String(req.params['id']), String(req.params['jobId'])) });
		}),
	);
}
