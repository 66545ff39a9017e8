/**
 * Withdraws the Customer policy's self-update permission on `directus_users` (granted by
 * 20990101B). Directus pairs that permission with a read of the caller's own row everywhere it
 * recommends it; without the read, which the core tier cannot grant to one row only, Directus 12.4
 * cannot build the `/graphql/system` schema of such a user (its `update_users_me` mutation is
 * declared with the readable user type, which is missing), and every system GraphQL request and
 * `/server/specs/graphql/system` of every customer failed with 500. Nothing depended on it: the
 * portal reads the profile through `/account/me` and edits none of it, and passwords change through
 * the reset flow. A profile edit, if one comes, belongs in the platform's endpoints like every other
 * customer write (and an email change there can be verified, which a direct row update is not).
 */
import { CUSTOMER_POLICY_ID, SELF_UPDATE_PERMISSION } from './20990101B-customer-access.mjs';

const selfUpdate = (knex) =>
	knex('directus_permissions').where({
		policy: CUSTOMER_POLICY_ID,
		collection: SELF_UPDATE_PERMISSION.collection,
		action: SELF_UPDATE_PERMISSION.action,
	});

export async function up(knex) {
	await selfUpdate(knex).delete();
}

export async function down(knex) {
	if (!(await knex('directus_policies').where({ id: CUSTOMER_POLICY_ID }).first())) return;
	if (!(await selfUpdate(knex).first())) {
		await knex('directus_permissions').insert({ ...SELF_UPDATE_PERMISSION, policy: CUSTOMER_POLICY_ID });
	}
}
