/**
 * Staff's Insights dashboard "Platform" (docs/operations.md, Staff back office): active
 * subscriptions, projects by state and requests per day. Panels read collections only; the
 * requests come from `project_daily_requests`, which the bundle's instance sync fills from the
 * runtime's counts. Insights is an admin tool here: no policy but the administrator's reads
 * dashboards, panels or that collection. Fixed ids: the migration knows what it made; `down`
 * removes its panels, and the dashboard too unless staff have added panels of their own to it.
 */
const DASHBOARD = '8c4d2e6a-1f3b-4c5d-9e7f-2a1b3c4d5e61';

const PANELS = [
	{
		id: '8c4d2e6a-1f3b-4c5d-9e7f-2a1b3c4d5e62',
		name: 'Active subscriptions',
		icon: 'card_membership',
		note: 'Subscriptions in status active or trialing: the ones that allow creating projects.',
		type: 'metric',
		position_x: 1,
		position_y: 1,
		width: 12,
		height: 10,
		options: {
			collection: 'user_subscriptions',
			field: 'id',
			function: 'count',
			filter: { _and: [{ status: { _in: ['active', 'trialing'] } }] },
			numberStyle: 'decimal',
			notation: 'standard',
			minimumFractionDigits: 0,
			maximumFractionDigits: 0,
		},
	},
	{
		id: '8c4d2e6a-1f3b-4c5d-9e7f-2a1b3c4d5e63',
		name: 'Projects by state',
		icon: 'donut_large',
		note: 'Every project, counted by its status.',
		type: 'pie-chart',
		position_x: 13,
		position_y: 1,
		width: 20,
		height: 10,
		options: { collection: 'projects', column: 'status', function: 'count', donut: true, showLabels: true, legend: 'right', decimals: 0 },
	},
	{
		id: '8c4d2e6a-1f3b-4c5d-9e7f-2a1b3c4d5e64',
		name: 'Requests per day',
		icon: 'show_chart',
		note: "Requests the router served to every project's site, per UTC day, over the last month (copied from the runtime on INSTANCE_SYNC_SCHEDULE, every 30 s by default).",
		type: 'time-series',
		position_x: 1,
		position_y: 11,
		width: 32,
		height: 14,
		options: {
			collection: 'project_daily_requests',
			dateField: 'day',
			valueField: 'requests',
			function: 'sum',
			precision: 'day',
			range: '1 month',
			missingData: '0',
			decimals: 0,
			curveType: 'straight',
			fillType: 'gradient',
			showXAxis: true,
			showYAxis: true,
		},
	},
];

export async function up(knex) {
	if (await knex('directus_dashboards').where({ id: DASHBOARD }).first('id')) return;
	await knex('directus_dashboards').insert({
		id: DASHBOARD,
		name: 'Platform',
		icon: 'monitoring',
		note: "Subscriptions, projects and their sites' requests, for staff.",
	});
	await knex('directus_panels').insert(PANELS.map((panel) => ({ ...panel, dashboard: DASHBOARD, show_header: true, options: JSON.stringify(panel.options) })));
}

export async function down(knex) {
	const panels = await knex('directus_panels').where({ dashboard: DASHBOARD }).pluck('id');
	const ours = new Set(PANELS.map((panel) => panel.id));
	// Staff added panels of their own: the dashboard is theirs now too, and stays.
	if (panels.some((id) => !ours.has(id))) {
		await knex('directus_panels')
			.whereIn('id', [...ours])
			.delete();
		return;
	}
	await knex('directus_panels').where({ dashboard: DASHBOARD }).delete();
	await knex('directus_dashboards').where({ id: DASHBOARD }).delete();
}
