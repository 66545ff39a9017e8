import { projectSchema, type Project } from '@epic/platform-api';
import { projectPath, projectsRequest } from './projects-request';

/** `DELETE /projects/{id}/licence`: the key off the site and the project. */
export const removeProjectLicence = (id: string): Promise<Project> => projectsRequest('DELETE', `${projectPath(id)}/licence`, projectSchema);
