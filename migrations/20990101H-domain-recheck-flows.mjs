/**
 * The Flows that re-check customers' custom domains (docs/product.md, Domains API): one on a
 * schedule, every six hours, and one staff run by hand from Studio's Projects page (on the selected
 * projects, or all of them with none selected). Directus gives a Flow one trigger, hence two, each
 * with the bundle's `dns-recheck` operation. Fixed ids: the migration knows what it made.
 */
const SCHEDULED_FLOW = '3d1f6a52-8c0e-4b7a-9f21-6a5e0c4d2b11';
const SCHEDULED_OPERATION = '3d1f6a52-8c0e-4b7a-9f21-6a5e0c4d2b12';
const MANUAL_FLOW = '3d1f6a52-8c0e-4b7a-9f21-6a5e0c4d2b21';
const MANUAL_OPERATION = '3d1f6a52-8c0e-4b7a-9f21-6a5e0c4d2b22';

const flows = [
	{
		flow: {
			id: SCHEDULED_FLOW,
			name: 'Re-check custom domains (every 6 hours)',
			icon: 'dns',
			description: 'Serves custom domains that point here; stops serving those that failed three checks over a day, and tells their owners.',
			status: 'active',
			trigger: 'schedule',
			accountability: 'all',
			options: { cron: '0 0 */6 * * *' },
		},
		operation: { id: SCHEDULED_OPERATION, options: {} },
	},
	{
		flow: {
			id: MANUAL_FLOW,
			name: 'Re-check custom domains now',
			icon: 'dns',
			description: 'The same check on demand, from the Projects page: the selected projects, or every project with a custom domain.',
			status: 'active',
			trigger: 'manual',
			accountability: 'all',
			options: { collections: ['projects'], location: 'collection', requireSelection: false, requireConfirmation: false },
		},
		operation: { id: MANUAL_OPERATION, options: { projects: '{{$trigger.body.keys}}' } },
	},
];

export async function up(knex) {
	for (const { flow, operation } of flows) {
		if (await knex('directus_flows').where({ id: flow.id }).first()) continue;
		await knex('directus_flows').insert({ ...flow, options: JSON.stringify(flow.options), operation: null });
		await knex('directus_operations').insert({
			id: operation.id,
			name: 'Re-check custom domains',
			key: 'dns_recheck',
			type: 'dns-recheck',
			position_x: 19,
			position_y: 1,
			options: JSON.stringify(operation.options),
			resolve: null,
			reject: null,
			flow: flow.id,
		});
		await knex('directus_flows').where({ id: flow.id }).update({ operation: operation.id });
	}
}

export async function down(knex) {
	const ids = flows.map(({ flow }) => flow.id);
	await knex('directus_flows').whereIn('id', ids).update({ operation: null });
	await knex('directus_operations').whereIn('flow', ids).delete();
	await knex('directus_flows').whereIn('id', ids).delete();
}
