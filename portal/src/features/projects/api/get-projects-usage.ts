import { projectsUsageSchema, type ProjectsUsage } from '@epic/platform-api';
import useSWR from 'swr';
import { useAuth } from '../../../lib/auth/use-auth';
import { projectsRequest } from './projects-request';
import { PROJECT_QUERY_KEYS } from './query-keys';

/** The router's counts change with every visit; the dashboard reads them again at this pace. */
export const USAGE_POLL_MS = 60_000;

/** `GET /projects/usage`: the router's request counts of the caller's projects, or why there are none. */
export const fetchProjectsUsage = (): Promise<ProjectsUsage> => projectsRequest('GET', '/projects/usage', projectsUsageSchema);

/** The usage figures of the signed-in customer's projects (last 30 days against the 30 before). */
export function useProjectsUsage() {
	const { user } = useAuth();
	return useSWR(user ? ([PROJECT_QUERY_KEYS.usage, user.id] as const) : null, fetchProjectsUsage, { refreshInterval: USAGE_POLL_MS });
}
