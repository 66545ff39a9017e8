/**
 * Emails per hour for each seeded plan's sites (`site_mail_per_hour`, a column the snapshot adds;
 * empty means the runtime's default). Staff edit them in Studio afterwards, so `up` sets only plans
 * still empty and `down` empties only values still as seeded. One tenant's site must not spend the
 * platform's mail reputation for everyone.
 */
export const PLAN_SITE_MAIL = {
	starter: { site_mail_per_hour: 50 },
	pro: { site_mail_per_hour: 200 },
	business: { site_mail_per_hour: 1000 },
};

export async function up(knex) {
	for (const [id, mail] of Object.entries(PLAN_SITE_MAIL)) {
		await knex('subscription_plans').where({ id, site_mail_per_hour: null }).update(mail);
	}
}

export async function down(knex) {
	for (const [id, mail] of Object.entries(PLAN_SITE_MAIL)) {
		await knex('subscription_plans')
			.where({ id, ...mail })
			.update({ site_mail_per_hour: null });
	}
}
