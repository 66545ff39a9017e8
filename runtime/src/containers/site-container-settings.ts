/** The site containers' settings, from the runtime's configuration (DOCKER_SITE_*). */
import type { RuntimeConfig } from '../config.ts';
import type { SiteContainerSettings } from './docker-run-arguments.ts';

export function siteContainerSettings(config: RuntimeConfig, network: string): SiteContainerSettings {
	return {
		image: config.DOCKER_SITE_IMAGE,
		network,
		codeDir: config.dockerSiteCodeDir,
		memoryMb: config.DOCKER_SITE_MEMORY_MB,
		cpuShares: config.DOCKER_SITE_CPU_SHARES,
		pidsLimit: config.DOCKER_SITE_PIDS_LIMIT,
		// A runtime that is not root cannot hand files to another user: its sites run as itself.
		uid: process.getuid?.() === 0 ? config.DOCKER_SITE_UID : (process.getuid?.() ?? config.DOCKER_SITE_UID),
		runtimeDir: config.dataDir,
		// The environment names the site migrations by their host path (MIGRATIONS_PATH).
		readOnlyMounts: [config.siteMigrationsDir],
	};
}
