/**
 * The Flow staff run from Studio's Projects page to act on the selected projects (docs/operations.md,
 * Staff back office): a confirmation dialog asks which action, and the bundle's `project-actions`
 * operation suspends, resumes, restarts or backs them up. One Flow for the four actions keeps the
 * platform within the core tier's five Flows. Fixed ids: the migration knows what it made.
 */
const FLOW = '6b2e8f14-3c7d-4a91-8e55-0f4d9a1c7e31';
const OPERATION = '6b2e8f14-3c7d-4a91-8e55-0f4d9a1c7e32';

const ACTIONS = [
	{ text: 'Suspend (staff)', value: 'suspend' },
	{ text: 'Resume', value: 'resume' },
	{ text: 'Restart', value: 'restart' },
	{ text: 'Back up now', value: 'back-up' },
];

export async function up(knex) {
	if (await knex('directus_flows').where({ id: FLOW }).first()) return;
	await knex('directus_flows').insert({
		id: FLOW,
		name: 'Project actions',
		icon: 'build',
		description: 'Suspend, resume, restart or back up the selected projects. A project staff suspend stays suspended until staff resume it, whatever its billing.',
		status: 'active',
		trigger: 'manual',
		accountability: 'all',
		options: JSON.stringify({
			collections: ['projects'],
			location: 'both',
			requireSelection: true,
			requireConfirmation: true,
			confirmationDescription: 'What should happen to the selected projects?',
			fields: [
				{
					field: 'action',
					type: 'string',
					name: 'Action',
					meta: { interface: 'select-dropdown', required: true, width: 'full', options: { choices: ACTIONS } },
				},
			],
		}),
		operation: null,
	});
	await knex('directus_operations').insert({
		id: OPERATION,
		name: 'Act on projects',
		key: 'project_actions',
		type: 'project-actions',
		position_x: 19,
		position_y: 1,
		options: JSON.stringify({ action: '{{$trigger.body.action}}', projects: '{{$trigger.body.keys}}' }),
		resolve: null,
		reject: null,
		flow: FLOW,
	});
	await knex('directus_flows').where({ id: FLOW }).update({ operation: OPERATION });
}

export async function down(knex) {
	await knex('directus_flows').where({ id: FLOW }).update({ operation: null });
	await knex('directus_operations').where({ flow: FLOW }).delete();
	await knex('directus_flows').where({ id: FLOW }).delete();
}
