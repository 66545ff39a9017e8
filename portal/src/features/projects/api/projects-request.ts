import { customEndpoint, type HttpMethod } from '@directus/sdk';
import type { ZodType } from 'zod';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';

/**
 * One call to the projects API (`/projects/*`, packages/platform-api/src/projects.ts and
 * backups.ts) or the DNS check (`/dns-verify`). The SDK adds the token, unwraps `{ data }` and
 * throws `{ errors }` answers, which lib/api-error.ts reads; an answer `schema` refuses throws
 * UnexpectedResponseError. Without a schema the answer is not read (a deletion's).
 */
export async function projectsRequest<T>(method: HttpMethod, path: string, schema: ZodType<T> | null, body?: object): Promise<T> {
	const data = await directus.request(customEndpoint<unknown>({ path, method, ...(body ? { body: JSON.stringify(body) } : {}) }));
	return schema ? parseAnswer(schema, data, `${method} ${path}`) : (data as T);
}

export const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

export const backupPath = (projectId: string, backupId: string) => `${projectPath(projectId)}/backups/${encodeURIComponent(backupId)}`;
