/**
 * The control plane's Directus project name is the sender's name on every email it sends (Directus
 * writes `From: "{project_name}" <EMAIL_FROM>`) and the name in Studio: the product's own name,
 * not an internal one. Only a name still as 20990101C seeded it changes; one staff set stays.
 */
const SEEDED = 'Epic CMS Control Plane';
export const PRODUCT_NAME = 'Epic CMS';

export async function up(knex) {
	await knex('directus_settings').where({ project_name: SEEDED }).update({ project_name: PRODUCT_NAME });
}

export async function down(knex) {
	await knex('directus_settings').where({ project_name: PRODUCT_NAME }).update({ project_name: SEEDED });
}
