/** The projects API's settings, read once from the platform configuration. */
import { readPlatformConfig } from '../platform-config.ts';
import { projectInputs } from './project-inputs.ts';
import { siteAddressFrom } from './project-serializer.ts';
import type { ProjectsSetup } from './project-service.ts';
import { reservedLabels } from './reserved-labels.ts';

export function projectsSetup(env: Record<string, unknown>): ProjectsSetup {
	const config = readPlatformConfig(env);
	const controlPlaneHost = new URL(config.PUBLIC_URL).hostname.toLowerCase();
	return {
		inputs: projectInputs({
			reservedLabels: reservedLabels(config.PUBLIC_HOST, controlPlaneHost),
			platformHosts: [config.PUBLIC_HOST, controlPlaneHost],
		}),
		address: siteAddressFrom(config.PUBLIC_URL, config.PUBLIC_HOST),
	};
}
