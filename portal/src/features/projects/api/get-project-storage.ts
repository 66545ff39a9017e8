import { projectStorageSchema, type ProjectStorage } from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { projectPath, projectsRequest } from './projects-request';
import { PROJECT_QUERY_KEYS } from './query-keys';

/** `GET /projects/{id}/storage`: what the site stores against its plan's quota, measured now, or why there are no figures. */
export const fetchProjectStorage = (id: string): Promise<ProjectStorage> => projectsRequest('GET', `${projectPath(id)}/storage`, projectStorageSchema);

/**
 * The site's storage, read while `enabled` (the details dialog shows a published project), and
 * again when the window regains focus: the owner may have deleted files in the site's Studio.
 */
export function useProjectStorage(id: string, enabled: boolean) {
	const { user } = useAuth();
	return useSWR(user && enabled ? ([PROJECT_QUERY_KEYS.storage, user.id, id] as const) : null, ([, , projectId]) => fetchProjectStorage(projectId), {
		shouldRetryOnError: false,
	});
}
