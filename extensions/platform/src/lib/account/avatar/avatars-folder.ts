/**
 * The Directus folder every avatar file is stored in, created by
 * `migrations/20990101F-avatars-folder.mjs` under this fixed id (the bundle cannot import the
 * migrations, so the id is written in both places). Only files in it are ever deleted by the
 * avatar routes: a file that staff set as someone's avatar in Studio may be used elsewhere.
 */
export const AVATARS_FOLDER_ID = '6f0a3f5e-2b1c-4d8e-9a47-0c5e1b2d3a51';
