/**
 * The Pro plan is "Pro" in Russian too: the name is a brand, and pages that show a name the server
 * stored in English (an invoice's plan, a receipt) next to the translated one read "Pro" and "Про"
 * on one page. Only a translation still as 20990101E seeded it changes.
 */
const SEEDED = 'Про';
const BRAND = 'Pro';

async function renameRussianPro(knex, from, to) {
	const row = await knex('subscription_plans').select('translations').where({ id: 'pro' }).first();
	if (!row?.translations) return;
	const translations = typeof row.translations === 'string' ? JSON.parse(row.translations) : row.translations;
	if (translations?.ru?.name !== from) return;
	translations.ru.name = to;
	await knex('subscription_plans')
		.where({ id: 'pro' })
		.update({ translations: JSON.stringify(translations) });
}

export async function up(knex) {
	await renameRussianPro(knex, SEEDED, BRAND);
}

export async function down(knex) {
	await renameRussianPro(knex, BRAND, SEEDED);
}
