import { projectTierSchema, type ProjectTier } from '@epic/platform-api';
import useSWR, { mutate as globalMutate } from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { projectPath, projectsRequest } from './projects-request';
import { PROJECT_QUERY_KEYS } from './query-keys';

/** `GET /projects/{id}/tier`: the site's Directus tier and its use, as the site reports it now. */
export const fetchProjectTier = (id: string): Promise<ProjectTier> => projectsRequest('GET', `${projectPath(id)}/tier`, projectTierSchema);

/**
 * The site's tier, read while `enabled` (the details dialog shows a published project): each time
 * the dialog opens and when the window regains focus. Not deduplicated over SWR's usual 2 s: the
 * dialog reopened within them showed the figures read before, not the site's now.
 */
export function useProjectTier(id: string, enabled: boolean) {
	const { user } = useAuth();
	return useSWR(user && enabled ? ([PROJECT_QUERY_KEYS.tier, user.id, id] as const) : null, ([, , projectId]) => fetchProjectTier(projectId), {
		dedupingInterval: 0,
		shouldRetryOnError: false,
	});
}

/** The site's tier is read again (a licence key given or removed restarts the site). */
export async function refreshProjectTier(userId: string, id: string): Promise<void> {
	await globalMutate([PROJECT_QUERY_KEYS.tier, userId, id]);
}
