import { projectSchema, type Project, type ProjectDuplicateRequest } from '@epic/platform-api';
import { projectPath, projectsRequest } from './projects-request';

/** `POST /projects/{id}/duplicate`: a new project made from a backup of this one (docs/product.md, Copies). */
export const duplicateProject = (id: string, body: ProjectDuplicateRequest): Promise<Project> => projectsRequest('POST', `${projectPath(id)}/duplicate`, projectSchema, body);
