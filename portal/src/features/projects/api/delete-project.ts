import { projectPath, projectsRequest } from './projects-request';

/** `DELETE /projects/{id}`. */
export const deleteProject = (id: string): Promise<void> => projectsRequest('DELETE', projectPath(id), null);
