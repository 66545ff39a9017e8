/**
 * The Customer role for the core tier (no custom permission rules without a licence):
 * API-only (no app access, so no Studio seat), no admin, and only permissions that are harmless
 * when granted whole. Everything a customer reads or writes about tenants (projects, credentials,
 * subscriptions, their own profile, files) goes through our endpoints, which check ownership.
 */
export const CUSTOMER_ROLE_ID = '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a41';
export const CUSTOMER_POLICY_ID = '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a42';
const CUSTOMER_ACCESS_ID = '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a43';

/** Directus's own recommended self-update permission; the core tier accepts it as it is. */
const SELF_UPDATE_FIELDS = [
	'first_name',
	'last_name',
	'email',
	'password',
	'location',
	'title',
	'description',
	'avatar',
	'language',
	'appearance',
	'theme_light',
	'theme_dark',
	'theme_light_overrides',
	'theme_dark_overrides',
	'tfa_secret',
];

export const SELF_UPDATE_PERMISSION = {
	collection: 'directus_users',
	action: 'update',
	permissions: JSON.stringify({ id: { _eq: '$CURRENT_USER' } }),
	fields: SELF_UPDATE_FIELDS.join(','),
};

export const PLANS_READ_PERMISSION = { collection: 'subscription_plans', action: 'read', permissions: '{}', fields: '*' };

const PERMISSIONS = [PLANS_READ_PERMISSION, SELF_UPDATE_PERMISSION];

export async function up(knex) {
	if (!(await knex('directus_roles').where({ id: CUSTOMER_ROLE_ID }).first())) {
		await knex('directus_roles').insert({
			id: CUSTOMER_ROLE_ID,
			name: 'Customer',
			icon: 'storefront',
			description: 'Portal customers. API-only: every tenant read goes through the platform endpoints.',
		});
	}
	if (!(await knex('directus_policies').where({ id: CUSTOMER_POLICY_ID }).first())) {
		await knex('directus_policies').insert({
			id: CUSTOMER_POLICY_ID,
			name: 'Customer',
			icon: 'storefront',
			description: 'No app access, no admin access; reads plans and updates its own user row only.',
			admin_access: false,
			app_access: false,
			enforce_tfa: false,
		});
	}
	if (!(await knex('directus_access').where({ id: CUSTOMER_ACCESS_ID }).first())) {
		await knex('directus_access').insert({ id: CUSTOMER_ACCESS_ID, role: CUSTOMER_ROLE_ID, policy: CUSTOMER_POLICY_ID });
	}
	for (const permission of PERMISSIONS) {
		const found = await knex('directus_permissions').where({ policy: CUSTOMER_POLICY_ID, collection: permission.collection, action: permission.action }).first();
		if (!found) await knex('directus_permissions').insert({ ...permission, policy: CUSTOMER_POLICY_ID });
	}
}

export async function down(knex) {
	await knex('directus_permissions').where({ policy: CUSTOMER_POLICY_ID }).delete();
	await knex('directus_access').where({ id: CUSTOMER_ACCESS_ID }).delete();
	await knex('directus_policies').where({ id: CUSTOMER_POLICY_ID }).delete();
	await knex('directus_users').where({ role: CUSTOMER_ROLE_ID }).update({ role: null });
	await knex('directus_roles').where({ id: CUSTOMER_ROLE_ID }).delete();
}
