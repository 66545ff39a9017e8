import { mutate as globalMutate } from 'swr';
import { PROJECT_QUERY_KEYS } from './query-keys';

// The usage lists the projects too: it is read again when one is created or deleted.
const PROJECT_VIEWS: readonly string[] = [PROJECT_QUERY_KEYS.projects, PROJECT_QUERY_KEYS.project, PROJECT_QUERY_KEYS.usage];

const isProjectsKey = (key: unknown): boolean => Array.isArray(key) && PROJECT_VIEWS.includes(key[0]);

/** Refetches every cached view of the customer's projects after one changed. */
export async function refreshProjects(): Promise<void> {
	await globalMutate(isProjectsKey);
}
