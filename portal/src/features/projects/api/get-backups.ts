import { projectBackupListSchema, type ProjectBackup } from '@epic/platform-api';
import useSWR, { mutate as globalMutate } from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { projectPath, projectsRequest } from './projects-request';
import { PROJECT_QUERY_KEYS } from './query-keys';

/** `GET /projects/{id}/backups`, newest first. */
export const fetchBackups = (projectId: string): Promise<ProjectBackup[]> => projectsRequest('GET', `${projectPath(projectId)}/backups`, projectBackupListSchema);

/** The project's backups, newest first, read while `enabled` (the details dialog shows a published project). */
export function useProjectBackups(projectId: string, enabled: boolean) {
	const { user } = useAuth();
	return useSWR(user && enabled ? ([PROJECT_QUERY_KEYS.backups, user.id, projectId] as const) : null, ([, , id]) => fetchBackups(id), {
		revalidateOnFocus: false,
	});
}

/** Reads the project's backups again (after Back up now or a restore, which adds a safety backup). */
export async function refreshBackups(userId: string, projectId: string): Promise<void> {
	await globalMutate([PROJECT_QUERY_KEYS.backups, userId, projectId]);
}
