/**
 * `/projects/*`: the customer's own projects (docs/product.md, Projects API). This file only wires
 * routes; the logic lives in lib/projects/.
 */
import { defineEndpoint } from '@directus/extensions-sdk';
import { registerProjectRoutes } from '../../lib/projects/project-routes.ts';
import { ProjectService } from '../../lib/projects/project-service.ts';
import { projectsSetup } from '../../lib/projects/projects-setup.ts';
import { projectUsageService } from '../../lib/projects/usage/project-usage-setup.ts';

export default defineEndpoint({
	id: 'projects',
	handler: (router, context) => {
		registerProjectRoutes(router, new ProjectService(context, projectsSetup(context)), projectUsageService(context));
	},
});
