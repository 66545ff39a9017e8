import { projectLogChunkSchema, type ProjectLogChunk } from '@epic/platform-api';
import { projectPath, projectsRequest } from './projects-request';

/** `GET /projects/{id}/logs`: the site's last log lines, masked, and the offset to follow from (follow-project-logs.ts). */
export const fetchProjectLogs = (projectId: string): Promise<ProjectLogChunk> => projectsRequest('GET', `${projectPath(projectId)}/logs`, projectLogChunkSchema);
