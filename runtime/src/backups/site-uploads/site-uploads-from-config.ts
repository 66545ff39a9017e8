/** Where this runtime's sites keep their uploads: the swarm sites' bucket, or each site's folder. */
import type { RuntimeConfig } from '../../config.ts';
import { s3Client } from '../backup-store-from-config.ts';
import { localSiteUploads } from './local-site-uploads.ts';
import { s3SiteUploads } from './s3-site-uploads.ts';
import type { SiteUploads } from './site-uploads.ts';

export function siteUploadsFromConfig(config: RuntimeConfig, log: (message: string) => void): SiteUploads {
	const storage = config.swarmSiteStorage;
	if (!storage) return localSiteUploads;
	const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = storage.s3;
	return s3SiteUploads(s3Client({ region, endpoint, forcePathStyle, credentials: { accessKeyId, secretAccessKey } }), storage, log);
}
