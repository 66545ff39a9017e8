/** The `project-actions` Flow operation's server part (lib/projects/staff/staff-project-actions.ts). */
import { defineOperationApi } from '@directus/extensions-sdk';
import { provisioningRuntime } from '../../lib/projects/provisioning/provisioning-runtime.ts';
import { runProjectActions, type ProjectActionsOptions } from '../../lib/projects/staff/staff-project-actions.ts';
import { staffRestore } from '../../lib/projects/staff/staff-restore-setup.ts';
import { createRuntimeDriver } from '../../lib/runtime/runtime-driver-factory.ts';

export default defineOperationApi<ProjectActionsOptions>({
	id: 'project-actions',
	handler: (options, context) => {
		const driver = createRuntimeDriver(context.env);
		return runProjectActions(
			{
				database: context.database,
				reconciler: provisioningRuntime(context),
				driver,
				restore: driver ? staffRestore(context, context.accountability?.user ?? '') : null,
			},
			options,
		);
	},
});
