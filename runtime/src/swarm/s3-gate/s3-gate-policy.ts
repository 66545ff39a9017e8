/**
 * What a site may ask of the bucket through the gate: objects under its own prefix, and listings
 * of it. Every key the request names counts (the path's, a copy's source, a listing's prefix, a
 * multi-object delete's keys, which are in its body); any request naming another bucket, another
 * prefix or no key at all (listing buckets, a bucket's settings) is refused. Pure.
 */
import { GateRefusal } from './gate-refusal.ts';

export interface GateRequest {
	method: string;
	/** The path, percent-decoded: `/<bucket>/<key>`. */
	path: string;
	query: Record<string, string | string[]>;
	/** `x-amz-copy-source`, percent-decoded, if any. */
	copySource: string | undefined;
	/** A multi-object delete's keys (`POST /<bucket>?delete`), read from its body. */
	deleteKeys?: string[];
}

/** Whether the request is a multi-object delete, whose keys the gate must read from its body first. */
export function isMultiObjectDelete(method: string, query: Record<string, string | string[]>): boolean {
	return method === 'POST' && 'delete' in query;
}

/** The keys of a multi-object delete's XML body (`<Delete><Object><Key>…</Key></Object>…`). */
export function keysOfDeleteRequest(xml: string): string[] {
	const unescape = (text: string) => text.replace(/&(lt|gt|amp|quot|apos);/g, (_all, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!);
	return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => unescape(match[1]!));
}

function deny(message: string): never {
	throw new GateRefusal(403, 'AccessDenied', message);
}

/** The object key the path names in `bucket`, or null for the bucket itself. */
function keyIn(bucket: string, path: string): string | null {
	if (path === `/${bucket}` || path === `/${bucket}/`) return null;
	if (!path.startsWith(`/${bucket}/`)) deny('The site may use its own bucket only');
	return path.slice(bucket.length + 2);
}

function ownKey(key: string, prefix: string): boolean {
	// `..` segments are not resolved by S3, but some servers map keys to files: never let one pass.
	return key.startsWith(prefix) && !key.split('/').includes('..');
}

export function authorize(request: GateRequest, bucket: string, sitePrefix: string): void {
	const key = keyIn(bucket, request.path);
	if (key === null && isMultiObjectDelete(request.method, request.query)) {
		const keys = request.deleteKeys ?? [];
		if (!keys.length || !keys.every((each) => ownKey(each, sitePrefix))) deny('The site may delete in its own prefix only');
		return;
	}
	if (key === null) {
		const listing = request.method === 'GET' && (request.query['list-type'] === '2' || 'prefix' in request.query) && !('delete' in request.query);
		const prefix = request.query['prefix'];
		if (!listing || typeof prefix !== 'string' || !ownKey(prefix, sitePrefix)) deny('The site may list its own prefix only');
		return;
	}
	if (!ownKey(key, sitePrefix)) deny('The site may reach its own prefix only');
	if (request.copySource !== undefined) {
		const source = request.copySource.replace(/^\//, '').split('?')[0]!;
		if (!source.startsWith(`${bucket}/`) || !ownKey(source.slice(bucket.length + 1), sitePrefix)) deny('The site may copy from its own prefix only');
	}
}
