import { projectCredentialsSchema, type ProjectCredentials } from '@epic/platform-api';
import { projectPath, projectsRequest } from './projects-request';

/** `POST /projects/{id}/rotate-password`: a new admin password, answered like the credentials. */
export const rotatePassword = (id: string): Promise<ProjectCredentials> => projectsRequest('POST', `${projectPath(id)}/rotate-password`, projectCredentialsSchema);
