/** SHA-256 and HMAC-SHA-256 from node:crypto in the shape @smithy/signature-v4 takes (its `sha256`). */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { SourceData } from '@smithy/types';

function bytes(data: SourceData): string | Uint8Array {
	if (typeof data === 'string' || data instanceof Uint8Array) return data;
	return ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
}

export class Sha256Hash {
	readonly #hash: Hash | Hmac;

	constructor(secret?: SourceData) {
		this.#hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
	}

	update(data: SourceData): void {
		this.#hash.update(bytes(data));
	}

	async digest(): Promise<Uint8Array> {
		return new Uint8Array(this.#hash.digest());
	}
}
