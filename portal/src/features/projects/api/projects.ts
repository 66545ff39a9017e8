import { customEndpoint, type HttpMethod } from '@directus/sdk';
import {
  dnsVerifyResultSchema,
  projectCredentialsSchema,
  projectListSchema,
  projectSchema,
  projectStorageSchema,
  projectsUsageSchema,
  projectTierSchema,
  type DnsVerifyRequest,
  type DnsVerifyResult,
  type Project,
  type ProjectCreateRequest,
  type ProjectCredentials,
  type ProjectDuplicateRequest,
  type ProjectStorage,
  type ProjectsUsage,
  type ProjectTier,
  type ProjectUpdateRequest,
} from '@epic/platform-api';
import useSWR, { mutate as globalMutate } from 'swr';
import type { ZodType } from 'zod';
import { useAuth } from '../../../lib/auth/use-auth';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';
import { isProvisioning } from '../lib/project-status';

/**
 * The projects API (`/projects/*`, packages/platform-api/src/projects.ts) and the DNS check
 * (`/dns-verify`). The SDK adds the token, unwraps `{ data }` and throws `{ errors }` answers,
 * which lib/api-error.ts reads; an answer its schema refuses throws UnexpectedResponseError.
 */
async function request<T>(method: HttpMethod, path: string, schema: ZodType<T> | null, body?: object): Promise<T> {
  const data = await directus.request(
    customEndpoint<unknown>({ path, method, ...(body ? { body: JSON.stringify(body) } : {}) }),
  );
  return schema ? parseAnswer(schema, data, `${method} ${path}`) : (data as T);
}

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** While provisioning runs, a project is read again this often (docs/product.md, Project). */
export const PROVISIONING_POLL_MS = 1000;
/** The list on the dashboard follows provisioning projects more slowly. */
export const LIST_POLL_MS = 5000;

const PROJECTS_KEY = 'projects';
const PROJECT_KEY = 'project';
const CREDENTIALS_KEY = 'project/credentials';
const USAGE_KEY = 'projects/usage';
const STORAGE_KEY = 'project/storage';
const TIER_KEY = 'project/tier';
/** The router's counts change with every visit; the dashboard reads them again at this pace. */
export const USAGE_POLL_MS = 60_000;

export const fetchProjects = (): Promise<Project[]> => request('GET', '/projects', projectListSchema);
export const fetchProject = (id: string): Promise<Project> => request('GET', projectPath(id), projectSchema);

export const createProject = (body: ProjectCreateRequest): Promise<Project> => request('POST', '/projects', projectSchema, body);
export const updateProject = (id: string, body: ProjectUpdateRequest): Promise<Project> =>
  request('PATCH', projectPath(id), projectSchema, body);
export const deleteProject = (id: string): Promise<void> => request('DELETE', projectPath(id), null);
/** `POST /projects/{id}/duplicate`: a new project made from a backup of this one (docs/product.md, Copies). */
export const duplicateProject = (id: string, body: ProjectDuplicateRequest): Promise<Project> =>
  request('POST', `${projectPath(id)}/duplicate`, projectSchema, body);
/** `POST /projects/{id}/retry`: provisioning of a failed project starts again. */
export const retryProject = (id: string): Promise<Project> => request('POST', `${projectPath(id)}/retry`, projectSchema);
/** `GET /projects/{id}/credentials`: 409 PROJECT_NOT_READY before the project is published. */
export const fetchCredentials = (id: string): Promise<ProjectCredentials> =>
  request('GET', `${projectPath(id)}/credentials`, projectCredentialsSchema);
/** `POST /projects/{id}/rotate-password`: a new admin password, answered like the credentials. */
export const rotatePassword = (id: string): Promise<ProjectCredentials> =>
  request('POST', `${projectPath(id)}/rotate-password`, projectCredentialsSchema);
/** `GET /projects/usage`: the router's request counts of the caller's projects, or why there are none. */
export const fetchProjectsUsage = (): Promise<ProjectsUsage> => request('GET', '/projects/usage', projectsUsageSchema);
/** `GET /projects/{id}/storage`: what the site stores against its plan's quota, measured now, or why there are no figures. */
export const fetchProjectStorage = (id: string): Promise<ProjectStorage> => request('GET', `${projectPath(id)}/storage`, projectStorageSchema);
/** `POST /dns-verify`: whether the domain's A record points at the platform. */
export const verifyDns = (body: DnsVerifyRequest): Promise<DnsVerifyResult> => request('POST', '/dns-verify', dnsVerifyResultSchema, body);

/** The signed-in customer's projects, oldest first; read again while any of them is provisioning. */
export function useProjects() {
  const { user } = useAuth();
  return useSWR(user ? ([PROJECTS_KEY, user.id] as const) : null, fetchProjects, {
    refreshInterval: (projects) => (projects?.some(isProvisioning) ? LIST_POLL_MS : 0),
  });
}

/** The usage figures of the signed-in customer's projects (last 30 days against the 30 before). */
export function useProjectsUsage() {
  const { user } = useAuth();
  return useSWR(user ? ([USAGE_KEY, user.id] as const) : null, fetchProjectsUsage, { refreshInterval: USAGE_POLL_MS });
}

/** One project; polled every second while it is draft or pending, no longer once published or failed. */
export function useProject(id: string | null) {
  const { user } = useAuth();
  return useSWR(user && id ? ([PROJECT_KEY, user.id, id] as const) : null, ([, , projectId]) => fetchProject(projectId), {
    refreshInterval: (project) => (project && isProvisioning(project) ? PROVISIONING_POLL_MS : 0),
  });
}

/** The admin credentials, read only while `enabled` (the details dialog is open and the project published). */
export function useProjectCredentials(id: string, enabled: boolean) {
  const { user } = useAuth();
  return useSWR(user && enabled ? ([CREDENTIALS_KEY, user.id, id] as const) : null, ([, , projectId]) => fetchCredentials(projectId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/**
 * The site's storage, read while `enabled` (the details dialog shows a published project), and
 * again when the window regains focus: the owner may have deleted files in the site's Studio.
 */
export function useProjectStorage(id: string, enabled: boolean) {
  const { user } = useAuth();
  return useSWR(user && enabled ? ([STORAGE_KEY, user.id, id] as const) : null, ([, , projectId]) => fetchProjectStorage(projectId), {
    shouldRetryOnError: false,
  });
}

/** `GET /projects/{id}/tier`: the site's Directus tier and its use, as the site reports it now. */
export const fetchProjectTier = (id: string): Promise<ProjectTier> => request('GET', `${projectPath(id)}/tier`, projectTierSchema);

/**
 * The site's tier, read while `enabled` (the details dialog shows a published project): each time
 * the dialog opens and when the window regains focus. Not deduplicated over SWR's usual 2 s: the
 * dialog reopened within them showed the figures read before, not the site's now.
 */
export function useProjectTier(id: string, enabled: boolean) {
  const { user } = useAuth();
  return useSWR(user && enabled ? ([TIER_KEY, user.id, id] as const) : null, ([, , projectId]) => fetchProjectTier(projectId), {
    dedupingInterval: 0,
    shouldRetryOnError: false,
  });
}

/** `PUT /projects/{id}/licence`: the Directus licence key for the site; the answer says only that one is set. */
export const setProjectLicence = (id: string, key: string): Promise<Project> => request('PUT', `${projectPath(id)}/licence`, projectSchema, { key });
/** `DELETE /projects/{id}/licence`: the key off the site and the project. */
export const removeProjectLicence = (id: string): Promise<Project> => request('DELETE', `${projectPath(id)}/licence`, projectSchema);

/** The site's tier is read again (a licence key given or removed restarts the site). */
export async function refreshProjectTier(userId: string, id: string): Promise<void> {
  await globalMutate([TIER_KEY, userId, id]);
}

/** Puts new credentials (after a rotation) in the cache. */
export async function rememberCredentials(userId: string, id: string, credentials: ProjectCredentials): Promise<void> {
  await globalMutate([CREDENTIALS_KEY, userId, id], credentials, { revalidate: false });
}

// The usage lists the projects too: it is read again when one is created or deleted.
const isProjectsKey = (key: unknown): boolean => Array.isArray(key) && [PROJECTS_KEY, PROJECT_KEY, USAGE_KEY].includes(key[0]);

/** Refetches every cached view of the customer's projects after one changed. */
export async function refreshProjects(): Promise<void> {
  await globalMutate(isProjectsKey);
}
