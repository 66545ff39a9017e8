/**
 * A site's uploads in its own folder (`<site>/uploads`): processes, containers, every driver but swarm.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import type { BackupManifest } from '@epic/runtime-contract';
import { openRegularFileInside } from '../../site-files/no-follow.ts';
import type { InstanceRecord } from '../../state/instance-record.ts';
import { regularFilesUnder } from '../files.ts';
import { uploadsDir } from '../site-paths.ts';
import { writeHashedCopy } from './hashed-copy.ts';
import type { SiteUploads } from './site-uploads.ts';

/**
 * The site can change its folder while a backup copies it: each file is opened without following
 * a link and only if it lies inside the uploads folder (site-files/no-follow.ts), so a file swapped
 * for a link to the runtime's own files after the listing is left out, like a file the site
 * deletes meanwhile.
 */
async function copyOut(record: InstanceRecord, target: string): Promise<BackupManifest['uploads']> {
	const uploads: BackupManifest['uploads'] = [];
	const root = uploadsDir(record);
	for (const relative of await regularFilesUnder(root)) {
		const source = await openRegularFileInside(root, relative);
		if (!source) continue;
		try {
			uploads.push(await writeHashedCopy(source.createReadStream({ autoClose: false }), target, relative));
		} finally {
			await source.close();
		}
	}
	return uploads;
}

/** Copied beside the old folder and swapped in by renames, so the folder is never half old, half new. */
async function replace(record: InstanceRecord, source: string): Promise<void> {
	const target = uploadsDir(record);
	const suffix = randomBytes(4).toString('hex');
	const incoming = `${target}.incoming-${suffix}`;
	const previous = `${target}.previous-${suffix}`;
	await mkdir(incoming, { recursive: true, mode: 0o700 });
	await cp(source, incoming, { recursive: true, force: true, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
		// An archive of a site without uploads has an empty (or no) uploads folder.
		if (error.code !== 'ENOENT') throw error;
	});
	await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
		if (error.code !== 'ENOENT') throw error;
	});
	await rename(incoming, target);
	await rm(previous, { recursive: true, force: true });
}

// In the site's folder, counted with it.
export const localSiteUploads: SiteUploads = { copyOut, replace, bytesOutsideFolder: async () => 0 };
