/** The `project-actions` Flow operation's server part (lib/projects/staff/staff-project-actions.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { runProjectActions, type ProjectActionsOptions } from '../../lib/projects/staff/staff-project-actions.ts';
import { staffRestore } from '../../lib/projects/staff/staff-restore-setup.ts';
import { startedPlatformServices } from '../../lib/platform-services.ts';

export default defineOperationApi<ProjectActionsOptions>({
	id: 'project-actions',
	handler: (options, context) => {
		const services = startedPlatformServices();
		const sites = services.provisioning;
		return runProjectActions(
			{
				database: context.database,
				logger: context.logger,
				sites,
				restore: sites ? staffRestore(context, context.accountability?.user ?? '', services) : null,
			},
			options,
		);
	},
});
