/**
 * The first item of the SWR key of each of the feature's reads; the user's id follows it, so one
 * customer never sees another's cache, then the ids the read is about. refresh-projects.ts reads
 * again, by these names, every read a change to a project touches.
 */
export const PROJECT_QUERY_KEYS = {
	projects: 'projects',
	project: 'project',
	credentials: 'project/credentials',
	usage: 'projects/usage',
	storage: 'project/storage',
	tier: 'project/tier',
	backups: 'project/backups',
	restore: 'project/restore',
} as const;
