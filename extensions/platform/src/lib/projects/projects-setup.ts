/** The projects API's settings, read once from the platform configuration. */
import type { DomainsContext } from '../domains/domains-services.ts';
import { readPlatformConfig } from '../platform-config.ts';
import type { PlatformServices } from '../platform-services.ts';
import { projectInputs } from './project-inputs.ts';
import { siteAddressFrom } from './project-serializer.ts';
import type { ProjectsSetup } from './project-service.ts';
import { reservedLabels } from './reserved-labels.ts';

export function projectsSetup(context: DomainsContext, services: PlatformServices): ProjectsSetup {
	const config = readPlatformConfig(context.env);
	const controlPlaneHost = new URL(config.PUBLIC_URL).hostname.toLowerCase();
	return {
		inputs: projectInputs({
			reservedLabels: reservedLabels(config.PUBLIC_HOST, controlPlaneHost),
			platformHosts: [config.PUBLIC_HOST, controlPlaneHost],
		}),
		address: siteAddressFrom(config.PUBLIC_URL, config.PUBLIC_HOST),
		provisioning: () => services.provisioning,
		domainRouting: () => services.domains.routing,
		actionLimits: () => services.actionLimits,
	};
}
