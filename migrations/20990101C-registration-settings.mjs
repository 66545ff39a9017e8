/**
 * Self-service sign-up: public registration into the Customer role, with email verification.
 * The verification and reset links point at portal pages listed in USER_REGISTER_URL_ALLOW_LIST
 * and PASSWORD_RESET_URL_ALLOW_LIST (set by the platform's start-up).
 */
import { CUSTOMER_ROLE_ID } from './20990101B-customer-access.mjs';

const SETTINGS = {
	project_name: 'Epic CMS Control Plane',
	public_registration: true,
	public_registration_verify_email: true,
	public_registration_role: CUSTOMER_ROLE_ID,
};

export async function up(knex) {
	const row = await knex('directus_settings').first('id');
	if (row) await knex('directus_settings').where({ id: row.id }).update(SETTINGS);
	else await knex('directus_settings').insert(SETTINGS);
}

export async function down(knex) {
	await knex('directus_settings').update({
		public_registration: false,
		public_registration_verify_email: true,
		public_registration_role: null,
	});
}
