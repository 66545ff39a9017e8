/** The site services' settings: the Docker driver's container settings (DOCKER_SITE_*), with no network of ours. */
import type { RuntimeConfig } from '../config.ts';
import { siteContainerSettings } from '../containers/site-container-settings.ts';
import type { SwarmServiceSettings } from './swarm-service-arguments.ts';

export function swarmServiceSettings(config: RuntimeConfig): SwarmServiceSettings {
	const { network: _none, ...settings } = siteContainerSettings(config, '');
	return settings;
}
