/**
 * Turns off Directus's own login lock (`auth_login_attempts`, 25 by default): after that many
 * failed sign-ins it suspends the account until staff reactivate it, so anyone could shut a
 * customer out for good by typing a wrong password 25 times. The platform's lock takes its place:
 * a few failures lock the address for a while (extensions/platform/src/lib/account/sign-in).
 */
export async function up(knex) {
	await knex('directus_settings').update({ auth_login_attempts: null });
}

export async function down(knex) {
	await knex('directus_settings').update({ auth_login_attempts: 25 });
}
