/** A stream written to a new file, hashed and counted on the way: one upload as a manifest lists it. */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupManifest } from '@epic/runtime-contract';

export async function writeHashedCopy(source: Readable, target: string, relative: string): Promise<BackupManifest['uploads'][number]> {
	await mkdir(path.dirname(path.join(target, relative)), { recursive: true });
	const hash = createHash('sha256');
	let bytes = 0;
	const counted = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			hash.update(chunk);
			bytes += chunk.length;
			done(null, chunk);
		},
	});
	await pipeline(source, counted, createWriteStream(path.join(target, relative), { mode: 0o600 }));
	return { path: relative, bytes, sha256: hash.digest('hex') };
}
