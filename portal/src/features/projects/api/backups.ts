import { customEndpoint, type HttpMethod } from '@directus/sdk';
import {
  projectBackupListSchema,
  projectBackupSchema,
  projectRestoreJobSchema,
  type ProjectBackup,
  type ProjectRestoreJob,
} from '@epic/platform-api';
import useSWR, { mutate as globalMutate } from 'swr';
import type { ZodType } from 'zod';
import { useAuth } from '../../../lib/auth/use-auth';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';

/**
 * A project's backups (`/projects/{id}/backups*`, `/projects/{id}/restores/{jobId}`,
 * packages/platform-api/src/backups.ts): list, back up now, download, restore and follow it.
 */
async function request<T>(method: HttpMethod, path: string, schema: ZodType<T>): Promise<T> {
  const data = await directus.request(customEndpoint<unknown>({ path, method }));
  return parseAnswer(schema, data, `${method} ${path}`);
}

const backupsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/backups`;
const backupPath = (projectId: string, backupId: string) => `${backupsPath(projectId)}/${encodeURIComponent(backupId)}`;

/** A running restore is read again this often, so its steps show as they happen. */
export const RESTORE_POLL_MS = 1000;

const BACKUPS_KEY = 'project/backups';
const RESTORE_KEY = 'project/restore';

export const fetchBackups = (projectId: string): Promise<ProjectBackup[]> => request('GET', backupsPath(projectId), projectBackupListSchema);
export const createBackup = (projectId: string): Promise<ProjectBackup> => request('POST', backupsPath(projectId), projectBackupSchema);
export const startRestore = (projectId: string, backupId: string): Promise<ProjectRestoreJob> =>
  request('POST', `${backupPath(projectId, backupId)}/restore`, projectRestoreJobSchema);
export const fetchRestoreJob = (projectId: string, jobId: string): Promise<ProjectRestoreJob> =>
  request('GET', `/projects/${encodeURIComponent(projectId)}/restores/${encodeURIComponent(jobId)}`, projectRestoreJobSchema);

/**
 * Downloads an archive as the browser's own download. A link cannot carry the bearer token, so the
 * archive is fetched with it and handed to the browser as a blob; a refusal throws like the SDK
 * does (`{ errors, response }`), which lib/api-error.ts reads.
 */
export async function downloadBackup(projectId: string, backupId: string): Promise<void> {
  const token = await directus.getToken();
  const response = await fetch(`${backupPath(projectId, backupId)}/download`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { errors?: unknown };
    throw { errors: body.errors, response };
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${backupId}.tar.gz`;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
  } finally {
    // The click has handed the blob to the download; revoking later keeps slow browsers safe.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** The project's backups, newest first, read while `enabled` (the details dialog shows a published project). */
export function useProjectBackups(projectId: string, enabled: boolean) {
  const { user } = useAuth();
  return useSWR(user && enabled ? ([BACKUPS_KEY, user.id, projectId] as const) : null, ([, , id]) => fetchBackups(id), {
    revalidateOnFocus: false,
  });
}

/** One restore job, read every second until it has finished. */
export function useRestoreJob(projectId: string, jobId: string | null) {
  const { user } = useAuth();
  return useSWR(user && jobId ? ([RESTORE_KEY, user.id, projectId, jobId] as const) : null, ([, , id, job]) => fetchRestoreJob(id, job), {
    refreshInterval: (job) => (job && job.state !== 'running' ? 0 : RESTORE_POLL_MS),
    revalidateOnFocus: false,
  });
}

/** Reads the project's backups again (after Back up now or a restore, which adds a safety backup). */
export async function refreshBackups(userId: string, projectId: string): Promise<void> {
  await globalMutate([BACKUPS_KEY, userId, projectId]);
}
