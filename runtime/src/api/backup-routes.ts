/**
 * The backup routes of the management API: list, create and download a project's backups, start a
 * restore and poll it. Ids in the path are validated before they reach the store, and every lookup
 * is scoped to the project in the path.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { BackupService } from '../backups/backup-service.ts';
import { RuntimeError } from '../errors.ts';
import type { FileReply } from './http-helpers.ts';
import { readJson } from './http-helpers.ts';
import { backupId, createBackupBody, restoreBody, restoreJobId } from '@epic/runtime-contract';

export type Reply = [number, unknown?] | FileReply;

type Parse = <T>(schema: z.ZodType<T>, value: unknown, whole?: string) => T;

/** `/backups`, `/backups/{id}/archive`, `/backups/{id}/restore`, `/restores/{id}` after `/instances/{project}`. */
const BACKUP_SUFFIX = /^\/(backups|restores)(?:\/([^/]+))?(?:\/(archive|restore))?$/;

export function matchesBackupRoute(suffix: string): boolean {
	return BACKUP_SUFFIX.test(suffix);
}

export async function routeBackups(
	backups: BackupService,
	request: IncomingMessage,
	method: string,
	projectId: string,
	suffix: string,
	segment: (raw: string) => string,
	parse: Parse,
): Promise<Reply> {
	const [, collection, rawId, action] = BACKUP_SUFFIX.exec(suffix) ?? [];
	const route = `${method} ${collection}${rawId ? '/:id' : ''}${action ? `/${action}` : ''}`;
	const id = rawId === undefined ? '' : segment(rawId);
	switch (route) {
		case 'GET backups':
			return [200, { data: await backups.list(projectId) }];
		case 'POST backups': {
			const body = parse(createBackupBody, await readJson(request));
			return [201, { data: await backups.create(projectId, body.kind, body.keep) }];
		}
		case 'GET backups/:id/archive': {
			const archive = await backups.archive(projectId, parse(backupId, id, 'backupId'));
			return { ...archive, contentType: 'application/gzip', fileName: `${projectId}-${id}.tar.gz` };
		}
		case 'POST backups/:id/restore': {
			const { copyFrom } = parse(restoreBody, await readJson(request));
			return [202, { data: await backups.restore(projectId, parse(backupId, id, 'backupId'), copyFrom) }];
		}
		case 'GET restores/:id':
			return [200, { data: backups.job(projectId, parse(restoreJobId, id, 'jobId')) }];
		default:
			throw new RuntimeError('ROUTE_NOT_FOUND', `${method} /instances/${projectId}${suffix} does not exist`, 404);
	}
}
