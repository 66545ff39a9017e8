import { projectSchema, type Project, type ProjectUpdateRequest } from '@epic/platform-api';
import { projectPath, projectsRequest } from './projects-request';

/** `PATCH /projects/{id}`: name, description, custom domain or allowed origins; answers the changed project. */
export const updateProject = (id: string, body: ProjectUpdateRequest): Promise<Project> => projectsRequest('PATCH', projectPath(id), projectSchema, body);
