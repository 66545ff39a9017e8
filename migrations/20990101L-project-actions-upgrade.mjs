/**
 * Adds "Upgrade" to the confirmation dialog of staff's "Project actions" Flow (migration K), so
 * staff can upgrade a site's Directus from Studio (docs/operations.md, Upgrades). Only the one
 * choice is added or removed: choices other migrations add to the same dialog are left alone.
 */
const FLOW = '6b2e8f14-3c7d-4a91-8e55-0f4d9a1c7e31';
const UPGRADE = { text: 'Upgrade Directus', value: 'upgrade' };

async function readOptions(knex) {
	const flow = await knex('directus_flows').where({ id: FLOW }).first('options');
	if (!flow) return null;
	return typeof flow.options === 'string' ? JSON.parse(flow.options) : flow.options;
}

/** The dialog's action field, whose choices are the actions staff can pick. */
function actionChoices(options) {
	const field = options?.fields?.find((candidate) => candidate.field === 'action');
	return field?.meta?.options?.choices ?? null;
}

async function writeChoices(knex, options, choices) {
	const field = options.fields.find((candidate) => candidate.field === 'action');
	field.meta.options.choices = choices;
	await knex('directus_flows')
		.where({ id: FLOW })
		.update({ options: JSON.stringify(options) });
}

export async function up(knex) {
	const options = await readOptions(knex);
	const choices = actionChoices(options);
	if (!choices || choices.some((choice) => choice.value === UPGRADE.value)) return;
	await writeChoices(knex, options, [...choices, UPGRADE]);
}

export async function down(knex) {
	const options = await readOptions(knex);
	const choices = actionChoices(options);
	if (!choices) return;
	await writeChoices(
		knex,
		options,
		choices.filter((choice) => choice.value !== UPGRADE.value),
	);
}
