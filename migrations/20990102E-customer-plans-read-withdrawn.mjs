/**
 * Withdraws the Customer policy's read of `subscription_plans` (granted whole by 20990101B, since
 * the core tier allows no filter or field subset): it let every customer read every plan, the
 * inactive ones staff keep for later included, with every column. Customers read the catalogue
 * through `GET /stripe/plans`, which lists active plans with their public fields only; the portal
 * never used the collection.
 */
import { CUSTOMER_POLICY_ID, PLANS_READ_PERMISSION } from './20990101B-customer-access.mjs';

const plansRead = (knex) => knex('directus_permissions').where({ policy: CUSTOMER_POLICY_ID, collection: PLANS_READ_PERMISSION.collection, action: PLANS_READ_PERMISSION.action });

export async function up(knex) {
	await plansRead(knex).delete();
}

export async function down(knex) {
	if (!(await knex('directus_policies').where({ id: CUSTOMER_POLICY_ID }).first())) return;
	if (!(await plansRead(knex).first())) await knex('directus_permissions').insert({ ...PLANS_READ_PERMISSION, policy: CUSTOMER_POLICY_ID });
}
