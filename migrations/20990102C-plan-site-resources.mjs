/**
 * Memory and CPU for each seeded plan's sites where they run in containers (`site_memory_mb`,
 * `site_cpu_shares`: columns the snapshot adds, empty meaning the runtime's defaults). Staff edit
 * them in Studio afterwards, so `up` sets only plans still empty and `down` empties only values
 * still as seeded. 384 MiB leaves a site room above its 160 MiB heap limit for a burst
 * (bench:site-memory measured about 230 MiB of RSS after one).
 */
export const PLAN_SITE_RESOURCES = {
	starter: { site_memory_mb: 384, site_cpu_shares: 512 },
	pro: { site_memory_mb: 512, site_cpu_shares: 1024 },
	business: { site_memory_mb: 1024, site_cpu_shares: 2048 },
};

export async function up(knex) {
	for (const [id, resources] of Object.entries(PLAN_SITE_RESOURCES)) {
		await knex('subscription_plans').where({ id, site_memory_mb: null, site_cpu_shares: null }).update(resources);
	}
}

export async function down(knex) {
	for (const [id, resources] of Object.entries(PLAN_SITE_RESOURCES)) {
		await knex('subscription_plans')
			.where({ id, ...resources })
			.update({ site_memory_mb: null, site_cpu_shares: null });
	}
}
