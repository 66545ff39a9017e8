import { projectSchema, type Project } from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { isProvisioning } from '../lib/project-status';
import { projectPath, projectsRequest } from './projects-request';
import { PROJECT_QUERY_KEYS } from './query-keys';

/** While provisioning runs, a project is read again this often (docs/product.md, Project). */
export const PROVISIONING_POLL_MS = 1000;

/** `GET /projects/{id}`. */
export const fetchProject = (id: string): Promise<Project> => projectsRequest('GET', projectPath(id), projectSchema);

/** One project; polled every second while it is draft or pending, no longer once published or failed. */
export function useProject(id: string | null) {
	const { user } = useAuth();
	return useSWR(user && id ? ([PROJECT_QUERY_KEYS.project, user.id, id] as const) : null, ([, , projectId]) => fetchProject(projectId), {
		refreshInterval: (project) => (project && isProvisioning(project) ? PROVISIONING_POLL_MS : 0),
	});
}
