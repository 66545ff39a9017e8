import { projectRestoreJobSchema, type ProjectRestoreJob } from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { projectPath, projectsRequest } from './projects-request';
import { PROJECT_QUERY_KEYS } from './query-keys';

/** A running restore is read again this often, so its steps show as they happen. */
export const RESTORE_POLL_MS = 1000;

/** `GET /projects/{id}/restores/{jobId}`. */
export const fetchRestoreJob = (projectId: string, jobId: string): Promise<ProjectRestoreJob> =>
	projectsRequest('GET', `${projectPath(projectId)}/restores/${encodeURIComponent(jobId)}`, projectRestoreJobSchema);

/** One restore job, read every second until it has finished. */
export function useRestoreJob(projectId: string, jobId: string | null) {
	const { user } = useAuth();
	return useSWR(user && jobId ? ([PROJECT_QUERY_KEYS.restore, user.id, projectId, jobId] as const) : null, ([, , id, job]) => fetchRestoreJob(id, job), {
		refreshInterval: (job) => (job && job.state !== 'running' ? 0 : RESTORE_POLL_MS),
		revalidateOnFocus: false,
	});
}
