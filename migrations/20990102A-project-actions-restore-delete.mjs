/**
 * Restore and delete in staff's "Project actions" Flow (migration K; docs/operations.md, Staff back
 * office): two more choices in its dialog, a backup id field shown for Restore, a confirmation
 * field shown for Delete, and both values passed to the `project-actions` operation. Only these are
 * added (and removed by `down`): choices other migrations or staff added stay as they are.
 */
const FLOW = '6b2e8f14-3c7d-4a91-8e55-0f4d9a1c7e31';
const OPERATION = '6b2e8f14-3c7d-4a91-8e55-0f4d9a1c7e32';

const CHOICES = [
	{ text: 'Restore a backup', value: 'restore' },
	{ text: 'Delete, with its site and data', value: 'delete' },
];

/** Shown only for the action they belong to (Studio's dialog applies field conditions). */
const FIELDS = [
	{
		field: 'backup',
		type: 'string',
		name: 'Backup to restore',
		meta: {
			interface: 'input',
			width: 'full',
			note: "One project at a time. The backup's id, e.g. 20260131T120000000Z-0a1b2c3d; run Restore without one and the Flow's log lists the project's backups.",
			options: { placeholder: '20260131T120000000Z-0a1b2c3d', trim: true },
			conditions: [{ name: 'Restore only', rule: { action: { _neq: 'restore' } }, hidden: true }],
		},
	},
	{
		field: 'confirm',
		type: 'string',
		name: 'Type delete to confirm',
		meta: {
			interface: 'input',
			width: 'full',
			note: "Deletes each selected project's site and all its data for good, as when its owner deletes it.",
			options: { placeholder: 'delete', trim: true },
			conditions: [{ name: 'Delete only', rule: { action: { _neq: 'delete' } }, hidden: true }],
		},
	},
];

const INPUTS = { backup: '{{$trigger.body.backup}}', confirm: '{{$trigger.body.confirm}}' };

const DESCRIPTION_BEFORE = 'Suspend, resume, restart or back up the selected projects. A project staff suspend stays suspended until staff resume it, whatever its billing.';
const DESCRIPTION =
	'Suspend, resume, restart, back up, restore or delete the selected projects. A project staff suspend stays suspended until staff resume it, whatever its billing.';

/** JSON columns come back parsed on PostgreSQL and as text on SQLite. */
const parse = (value) => (typeof value === 'string' ? JSON.parse(value) : (value ?? {}));

function actionField(options) {
	return (options.fields ?? []).find((field) => field.field === 'action');
}

export async function up(knex) {
	const flow = await knex('directus_flows').where({ id: FLOW }).first('options', 'description');
	if (!flow) return;
	const options = parse(flow.options);
	const action = actionField(options);
	if (action) {
		const choices = action.meta.options.choices;
		for (const choice of CHOICES) if (!choices.some((existing) => existing.value === choice.value)) choices.push(choice);
	}
	options.fields ??= [];
	for (const field of FIELDS) if (!options.fields.some((existing) => existing.field === field.field)) options.fields.push(field);
	await knex('directus_flows')
		.where({ id: FLOW })
		.update({ options: JSON.stringify(options), ...(flow.description === DESCRIPTION_BEFORE ? { description: DESCRIPTION } : {}) });

	const operation = await knex('directus_operations').where({ id: OPERATION }).first('options');
	if (operation)
		await knex('directus_operations')
			.where({ id: OPERATION })
			.update({ options: JSON.stringify({ ...parse(operation.options), ...INPUTS }) });
}

export async function down(knex) {
	const flow = await knex('directus_flows').where({ id: FLOW }).first('options', 'description');
	if (!flow) return;
	const options = parse(flow.options);
	const action = actionField(options);
	const ours = new Set(CHOICES.map((choice) => choice.value));
	if (action) action.meta.options.choices = action.meta.options.choices.filter((choice) => !ours.has(choice.value));
	const fields = new Set(FIELDS.map((field) => field.field));
	options.fields = (options.fields ?? []).filter((field) => !fields.has(field.field));
	await knex('directus_flows')
		.where({ id: FLOW })
		.update({ options: JSON.stringify(options), ...(flow.description === DESCRIPTION ? { description: DESCRIPTION_BEFORE } : {}) });

	const operation = await knex('directus_operations').where({ id: OPERATION }).first('options');
	if (operation) {
		const inputs = parse(operation.options);
		for (const key of Object.keys(INPUTS)) delete inputs[key];
		await knex('directus_operations')
			.where({ id: OPERATION })
			.update({ options: JSON.stringify(inputs) });
	}
}
