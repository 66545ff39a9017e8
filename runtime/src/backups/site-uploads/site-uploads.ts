/**
 * Where a site's uploads live, as backups, restores and upgrade rollbacks read and replace them and
 * the storage quota counts them:
 * its own folder (local-site-uploads.ts), or its prefix of the swarm sites' S3 bucket
 * (s3-site-uploads.ts). An archive holds them the same way either way (`uploads/` in it), so a
 * backup of one kind of site restores into the other.
 */
import type { BackupManifest } from '@epic/runtime-contract';
import type { InstanceRecord } from '../../state/instance-record.ts';

export interface SiteUploads {
	/** Copies the site's uploads into the existing folder `target`, hashing each on the way: the manifest's list. */
	copyOut(record: InstanceRecord, target: string): Promise<BackupManifest['uploads']>;
	/** Makes the files under the folder `source` the (stopped) site's uploads, and nothing else. */
	replace(record: InstanceRecord, source: string): Promise<void>;
	/** Bytes the site's uploads take outside its folder (which its disk usage counts already). */
	bytesOutsideFolder(record: InstanceRecord): Promise<number>;
}
