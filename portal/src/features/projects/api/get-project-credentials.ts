import { projectCredentialsSchema, type ProjectCredentials } from '@epic/platform-api';
import useSWR, { mutate as globalMutate } from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { projectPath, projectsRequest } from './projects-request';
import { PROJECT_QUERY_KEYS } from './query-keys';

/** `GET /projects/{id}/credentials`: 409 PROJECT_NOT_READY before the project is published. */
export const fetchCredentials = (id: string): Promise<ProjectCredentials> => projectsRequest('GET', `${projectPath(id)}/credentials`, projectCredentialsSchema);

/** The admin credentials, read only while `enabled` (the details dialog is open and the project published). */
export function useProjectCredentials(id: string, enabled: boolean) {
	const { user } = useAuth();
	return useSWR(user && enabled ? ([PROJECT_QUERY_KEYS.credentials, user.id, id] as const) : null, ([, , projectId]) => fetchCredentials(projectId), {
		revalidateOnFocus: false,
		shouldRetryOnError: false,
	});
}

/** Puts new credentials (after a rotation) in the cache. */
export async function rememberCredentials(userId: string, id: string, credentials: ProjectCredentials): Promise<void> {
	await globalMutate([PROJECT_QUERY_KEYS.credentials, userId, id], credentials, { revalidate: false });
}
