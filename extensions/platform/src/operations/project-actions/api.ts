/** The `project-actions` Flow operation's server part (lib/projects/staff/staff-project-actions.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { provisioningServices } from '../../lib/projects/provisioning/provisioning-services.ts';
import { runProjectActions, type ProjectActionsOptions } from '../../lib/projects/staff/staff-project-actions.ts';
import { staffRestore } from '../../lib/projects/staff/staff-restore-setup.ts';

export default defineOperationApi<ProjectActionsOptions>({
	id: 'project-actions',
	handler: (options, context) => {
		const sites = provisioningServices(context);
		return runProjectActions(
			{
				database: context.database,
				logger: context.logger,
				sites,
				restore: sites ? staffRestore(context, context.accountability?.user ?? '') : null,
			},
			options,
		);
	},
});
