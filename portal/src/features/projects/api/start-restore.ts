import { projectRestoreJobSchema, type ProjectRestoreJob } from '@epic/platform-api';
import { backupPath, projectsRequest } from './projects-request';

/** `POST /projects/{id}/backups/{backupId}/restore`: the restore job, to follow with get-restore-job.ts. */
export const startRestore = (projectId: string, backupId: string): Promise<ProjectRestoreJob> =>
	projectsRequest('POST', `${backupPath(projectId, backupId)}/restore`, projectRestoreJobSchema);
