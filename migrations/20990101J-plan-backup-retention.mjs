/**
 * How many daily scheduled backups each seeded plan keeps per project (`backup_retention`, a column
 * the snapshot adds with 0 as its default). Staff edit it in Studio afterwards, so `up` sets only
 * plans still at 0 and `down` resets only values still as seeded.
 */
export const PLAN_BACKUP_RETENTION = { starter: 7, pro: 14, business: 30 };

export async function up(knex) {
	for (const [id, keep] of Object.entries(PLAN_BACKUP_RETENTION)) {
		await knex('subscription_plans').where({ id, backup_retention: 0 }).update({ backup_retention: keep });
	}
}

export async function down(knex) {
	for (const [id, keep] of Object.entries(PLAN_BACKUP_RETENTION)) {
		await knex('subscription_plans').where({ id, backup_retention: keep }).update({ backup_retention: 0 });
	}
}
