import { projectSchema, type Project } from '@epic/platform-api';
import { projectPath, projectsRequest } from './projects-request';

/** `PUT /projects/{id}/licence`: the Directus licence key for the site; the answer says only that one is set. */
export const setProjectLicence = (id: string, key: string): Promise<Project> => projectsRequest('PUT', `${projectPath(id)}/licence`, projectSchema, { key });
