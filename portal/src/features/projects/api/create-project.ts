import { projectSchema, type Project, type ProjectCreateRequest } from '@epic/platform-api';
import { projectsRequest } from './projects-request';

/** `POST /projects`: the new project, `draft` until provisioning starts. */
export const createProject = (body: ProjectCreateRequest): Promise<Project> => projectsRequest('POST', '/projects', projectSchema, body);
