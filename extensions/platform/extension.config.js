/**
 * `graphql` stays out of the bundle and resolves to the host's copy: the bundle checks documents
 * against schemas that Directus built, and graphql-js accepts only types made by its own copy.
 */
const isGraphql = (id) => id === 'graphql' || id.startsWith('graphql/');

export default {
	plugins: [{ name: 'host-graphql', resolveId: (id) => (isGraphql(id) ? { id, external: true } : null) }],
};
