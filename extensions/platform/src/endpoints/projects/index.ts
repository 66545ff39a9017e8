/**
 * `/projects/*`: the customer's own projects (docs/product.md, Projects API). This file only wires
 * routes; the logic lives in lib/projects/.
 */
import { defineEndpoint } from '@directus/extensions-sdk';
import { registerBackupRoutes } from '../../lib/backups/backup-routes.ts';
import { projectBackupsService } from '../../lib/backups/project-backups-setup.ts';
import { registerProjectCopyRoute } from '../../lib/projects/copies/copy-route.ts';
import { projectCopies } from '../../lib/projects/copies/project-copies-setup.ts';
import { registerProjectRoutes } from '../../lib/projects/project-routes.ts';
import { ProjectService } from '../../lib/projects/project-service.ts';
import { projectsSetup } from '../../lib/projects/projects-setup.ts';
import { ProjectLicenceService, registerProjectLicenceRoutes } from '../../lib/projects/licence/project-licence-routes.ts';
import { projectLogsService, registerProjectLogRoutes } from '../../lib/projects/logs/project-logs-setup.ts';
import { projectStorageService, registerProjectStorageRoute } from '../../lib/projects/storage/project-storage-setup.ts';
import { projectTierService, registerProjectTierRoute } from '../../lib/projects/tier/project-tier-setup.ts';
import { projectUsageService } from '../../lib/projects/usage/project-usage-setup.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineEndpoint({
	id: 'projects',
	handler: (router, context) => {
		const services = platformServices(context);
		const setup = projectsSetup(context, services);
		const projects = new ProjectService(context, setup);
		registerProjectRoutes(router, projects, projectUsageService(context, services));
		registerProjectLicenceRoutes(router, new ProjectLicenceService(projects, () => setup.provisioning()?.licence ?? null, context.logger));
		registerBackupRoutes(router, projectBackupsService(context, services));
		registerProjectCopyRoute(router, projectCopies(context, services));
		registerProjectStorageRoute(router, projectStorageService(context, services));
		registerProjectLogRoutes(router, projectLogsService(context, services));
		registerProjectTierRoute(router, projectTierService(context, services));
	},
});
