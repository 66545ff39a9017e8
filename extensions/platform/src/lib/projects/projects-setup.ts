/** The projects API's settings, read once from the platform configuration. */
import { domainsServices, type DomainsContext } from '../domains/domains-services.ts';
import { accountActionLimits } from '../http/rate-limits/account-actions.ts';
import { readPlatformConfig } from '../platform-config.ts';
import { projectInputs } from './project-inputs.ts';
import { siteAddressFrom } from './project-serializer.ts';
import type { ProjectsSetup } from './project-service.ts';
import { provisioningServices } from './provisioning/provisioning-services.ts';
import { reservedLabels } from './reserved-labels.ts';

export function projectsSetup(context: DomainsContext): ProjectsSetup {
	const config = readPlatformConfig(context.env);
	const controlPlaneHost = new URL(config.PUBLIC_URL).hostname.toLowerCase();
	return {
		inputs: projectInputs({
			reservedLabels: reservedLabels(config.PUBLIC_HOST, controlPlaneHost),
			platformHosts: [config.PUBLIC_HOST, controlPlaneHost],
		}),
		address: siteAddressFrom(config.PUBLIC_URL, config.PUBLIC_HOST),
		provisioning: () => provisioningServices(context),
		domainRouting: () => domainsServices(context).routing,
		actionLimits: () => accountActionLimits(context),
	};
}
