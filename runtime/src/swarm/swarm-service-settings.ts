/** The site services' settings: the Docker driver's container settings (DOCKER_SITE_*) on the sites' swarm network. */
import type { RuntimeConfig } from '../config.ts';
import { siteContainerSettings } from '../containers/site-container-settings.ts';
import type { SwarmServiceSettings } from './swarm-service-arguments.ts';

export function swarmServiceSettings(config: RuntimeConfig): SwarmServiceSettings {
	return {
		...siteContainerSettings(config, config.SWARM_SITE_NETWORK),
		// No site migrations mounted: a task only runs `directus start`, which never reads
		// MIGRATIONS_PATH (the runtime runs every migration itself), and a host path of the
		// runtime's machine does not exist on the other nodes.
		readOnlyMounts: [],
	};
}
