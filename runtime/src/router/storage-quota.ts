/**
 * A site's storage quota (its plan's `storageQuotaMb`, else SITE_STORAGE_QUOTA_MB; uploads plus
 * database), enforced where every upload passes: the router, in front of `/files` (multipart
 * uploads, replacements, `/files/import`, resumable TUS uploads). An upload that would take the site
 * past its quota (what it uses now plus the request's declared length) is refused before its body
 * is read; everything already stored stays, and the site keeps serving.
 * A site's usage is measured at most every few seconds, and again after each upload ends.
 */
import type { IncomingMessage } from 'node:http';
import type { InstanceRecord } from '../state/instance-record.ts';

const MB = 1024 * 1024;
const FRESH_MS = 10_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** A request that may add to a site's files. */
export function isUpload(request: IncomingMessage): boolean {
	if (!WRITE_METHODS.has(request.method ?? '')) return false;
	let pathname = (request.url ?? '/').split('?')[0]!;
	try {
		pathname = decodeURIComponent(pathname);
	} catch {
		// Not valid percent-encoding: looked at as it came.
	}
	// Express matches routes case-insensitively, and so does this, with repeated slashes folded.
	const folded = pathname.toLowerCase().replace(/\/+/g, '/');
	return folded === '/files' || folded.startsWith('/files/');
}

export interface StorageVerdict {
	allowed: boolean;
	usedBytes: number;
	quotaBytes: number | null;
}

export interface StorageQuotaParts {
	defaultQuotaMb: number;
	/** Bytes the site uses now: its folder and, on PostgreSQL, its database. */
	measure: (id: string) => Promise<number>;
	now: () => number;
}

export class StorageQuota {
	readonly #parts: StorageQuotaParts;
	readonly #measured = new Map<string, { bytes: number; at: number }>();

	constructor(parts: StorageQuotaParts) {
		this.#parts = parts;
	}

	quotaBytesOf(record: InstanceRecord): number | null {
		const mb = record.resources?.storageQuotaMb ?? this.#parts.defaultQuotaMb;
		return mb > 0 ? mb * MB : null;
	}

	/** `incomingBytes`: the request's Content-Length, 0 when it declares none (chunked). */
	async check(record: InstanceRecord, incomingBytes: number): Promise<StorageVerdict> {
		const quotaBytes = this.quotaBytesOf(record);
		if (quotaBytes === null) return { allowed: true, usedBytes: 0, quotaBytes };
		const usedBytes = await this.#usedBytes(record.id);
		return { allowed: usedBytes < quotaBytes && usedBytes + incomingBytes <= quotaBytes, usedBytes, quotaBytes };
	}

	/** After an upload: the next check measures again. */
	forget(id: string): void {
		this.#measured.delete(id);
	}

	async #usedBytes(id: string): Promise<number> {
		const known = this.#measured.get(id);
		if (known && this.#parts.now() - known.at < FRESH_MS) return known.bytes;
		const bytes = await this.#parts.measure(id);
		this.#measured.set(id, { bytes, at: this.#parts.now() });
		return bytes;
	}
}
