/** Builds the copies service from the bundle's context: the projects service, and the runtime driver read on first use. */
import type { DomainsContext } from '../../domains/domains-services.ts';
import type { PlatformServices } from '../../platform-services.ts';
import { ProjectService } from '../project-service.ts';
import { projectsSetup } from '../projects-setup.ts';
import { ProjectCopies } from './project-copies.ts';

export function projectCopies(context: DomainsContext, services: PlatformServices): ProjectCopies {
	return new ProjectCopies({
		database: context.database,
		projects: new ProjectService(context, projectsSetup(context, services)),
		driver: services.driverWithin(),
		logger: context.logger,
	});
}
