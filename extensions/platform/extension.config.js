/**
 * Host packages stay out of the bundle and resolve to Directus's own copies:
 * - `graphql`: the bundle checks documents against schemas that Directus built, and graphql-js
 *   accepts only types made by its own copy;
 * - `sharp`: a native addon (libvips) that cannot be bundled; Directus's copy is the one its
 *   AssetsService uses, so the avatar is decoded and resized by the same library.
 */
const HOST_PACKAGES = ['graphql', 'sharp'];
const isHostPackage = (id) => HOST_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`));

export default {
	plugins: [{ name: 'host-packages', resolveId: (id) => (isHostPackage(id) ? { id, external: true } : null) }],
};
