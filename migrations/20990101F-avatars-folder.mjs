/**
 * The `Avatars` folder that `PUT /account/avatar` stores every customer's avatar in
 * (extensions/platform/src/lib/account/avatar/avatars-folder.ts holds the same id). Made here rather
 * than on the first upload: a fixed id needs no lookup by name (names are not unique, and two first
 * uploads at once would make two folders), and staff see the folder in Studio from the start.
 */
export const AVATARS_FOLDER_ID = '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a51';

export async function up(knex) {
	if (!(await knex('directus_folders').where({ id: AVATARS_FOLDER_ID }).first())) {
		await knex('directus_folders').insert({ id: AVATARS_FOLDER_ID, name: 'Avatars', parent: null });
	}
}

/** The avatar files stay, at the root of the file library. */
export async function down(knex) {
	await knex('directus_files').where({ folder: AVATARS_FOLDER_ID }).update({ folder: null });
	await knex('directus_folders').where({ id: AVATARS_FOLDER_ID }).delete();
}
