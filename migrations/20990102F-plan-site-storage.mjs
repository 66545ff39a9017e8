/**
 * Upload size and storage quota for each seeded plan's sites (`site_upload_max_mb`,
 * `site_storage_quota_mb`: columns the snapshot adds; empty means the runtime's defaults). Staff
 * edit them in Studio afterwards, so `up` sets only plans still empty and `down` empties only
 * values still as seeded. One tenant must not fill the disk for everyone.
 */
export const PLAN_SITE_STORAGE = {
	starter: { site_upload_max_mb: 50, site_storage_quota_mb: 1024 },
	pro: { site_upload_max_mb: 200, site_storage_quota_mb: 5120 },
	business: { site_upload_max_mb: 1024, site_storage_quota_mb: 20480 },
};

export async function up(knex) {
	for (const [id, storage] of Object.entries(PLAN_SITE_STORAGE)) {
		await knex('subscription_plans').where({ id, site_upload_max_mb: null, site_storage_quota_mb: null }).update(storage);
	}
}

export async function down(knex) {
	for (const [id, storage] of Object.entries(PLAN_SITE_STORAGE)) {
		await knex('subscription_plans')
			.where({ id, ...storage })
			.update({ site_upload_max_mb: null, site_storage_quota_mb: null });
	}
}
