import { projectListSchema, type Project } from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { isProvisioning } from '../lib/project-status';
import { projectsRequest } from './projects-request';
import { PROJECT_QUERY_KEYS } from './query-keys';

/** The list on the dashboard follows provisioning projects more slowly than the setup screen. */
export const LIST_POLL_MS = 5000;

/** `GET /projects`. */
export const fetchProjects = (): Promise<Project[]> => projectsRequest('GET', '/projects', projectListSchema);

/** The signed-in customer's projects, oldest first; read again while any of them is provisioning. */
export function useProjects() {
	const { user } = useAuth();
	return useSWR(user ? ([PROJECT_QUERY_KEYS.projects, user.id] as const) : null, fetchProjects, {
		refreshInterval: (projects) => (projects?.some(isProvisioning) ? LIST_POLL_MS : 0),
	});
}
