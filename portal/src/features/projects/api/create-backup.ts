import { projectBackupSchema, type ProjectBackup } from '@epic/platform-api';
import { projectPath, projectsRequest } from './projects-request';

/** `POST /projects/{id}/backups`: Back up now (docs/product.md, Backups). */
export const createBackup = (projectId: string): Promise<ProjectBackup> => projectsRequest('POST', `${projectPath(projectId)}/backups`, projectBackupSchema);
