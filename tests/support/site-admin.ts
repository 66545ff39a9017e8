/**
 * Requests to one site's own Directus through the runtime's router, as its admin: what the
 * backup, restore and upgrade tests do to put content and files on a site and read them back.
 */
import { expect } from 'vitest';
import { hostRequest, jsonBody, type HostResponse } from './host-request.ts';

export interface SiteTarget {
	routerUrl: string;
	host: string;
	/** The admin's access token on the site. */
	token: string;
}

/** A request checked for the expected status; the answer's JSON, if any. */
export async function siteRequest<T>(target: SiteTarget, method: string, urlPath: string, expected: number, body?: unknown): Promise<T> {
	const response = await hostRequest(target.routerUrl, target.host, urlPath, {
		method,
		...(body === undefined ? {} : jsonBody(body)),
		headers: { authorization: `Bearer ${target.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
	});
	expect(response.status, `${method} ${urlPath}: ${response.body}`).toBe(expected);
	return (response.body ? response.json() : undefined) as T;
}

/** Sends a text file as Studio uploads one (multipart `POST /files`); the site's answer, whatever it is. */
export async function postSiteFile(target: SiteTarget, name: string, content: Buffer): Promise<HostResponse> {
	const form = new FormData();
	form.append('file', new Blob([new Uint8Array(content)], { type: 'text/plain' }), name);
	const encoded = new Response(form);
	return hostRequest(target.routerUrl, target.host, '/files', {
		method: 'POST',
		headers: { authorization: `Bearer ${target.token}`, 'content-type': encoded.headers.get('content-type')! },
		body: Buffer.from(await encoded.arrayBuffer()),
	});
}

/** Uploads a text file; its id. */
export async function uploadSiteFile(target: SiteTarget, name: string, content: Buffer): Promise<string> {
	const response = await postSiteFile(target, name, content);
	expect(response.status, response.body).toBe(200);
	return response.json<{ data: { id: string } }>().data.id;
}

/** The file's bytes as the site serves them, or the HTTP status when it does not. */
export async function siteAsset(target: SiteTarget, id: string): Promise<string | number> {
	const response = await hostRequest(target.routerUrl, target.host, `/assets/${id}`, { headers: { authorization: `Bearer ${target.token}` } });
	return response.status === 200 ? response.body : response.status;
}

/** A `notes` collection (id, title): the content the backup and upgrade tests change and expect back. */
export async function createNotesCollection(target: SiteTarget): Promise<void> {
	await siteRequest(target, 'POST', '/collections', 200, {
		collection: 'notes',
		schema: {},
		meta: {},
		fields: [
			{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true }, meta: { hidden: true } },
			{ field: 'title', type: 'string', schema: {}, meta: {} },
		],
	});
}
