/** Builds the copies service from the bundle's context: the projects service, and the runtime driver read on first use. */
import type { DomainsContext } from '../../domains/domains-services.ts';
import { lazyRuntimeDriver } from '../../runtime-driver/runtime-driver-factory.ts';
import { ProjectService } from '../project-service.ts';
import { projectsSetup } from '../projects-setup.ts';
import { ProjectCopies } from './project-copies.ts';

export function projectCopies(context: DomainsContext): ProjectCopies {
	return new ProjectCopies({
		database: context.database,
		projects: new ProjectService(context, projectsSetup(context)),
		driver: lazyRuntimeDriver(context.env),
		logger: context.logger,
	});
}
