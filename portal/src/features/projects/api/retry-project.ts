import { projectSchema, type Project } from '@epic/platform-api';
import { projectPath, projectsRequest } from './projects-request';

/** `POST /projects/{id}/retry`: provisioning of a failed project starts again. */
export const retryProject = (id: string): Promise<Project> => projectsRequest('POST', `${projectPath(id)}/retry`, projectSchema);
