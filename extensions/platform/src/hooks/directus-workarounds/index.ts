/**
 * Work-arounds for Directus 12.4 defects that answered refusals with server errors (each module
 * says which). They are mounted at `routes.before`: after Directus has identified the caller and
 * parsed the query and body, in front of its own routers.
 */
import { defineHook } from '@directus/extensions-sdk';
import type { Express } from 'express';
import { extensibleFolderListQuery } from '../../lib/directus/folder-list-query.ts';
import { graphqlRequestErrors, type GraphQLSchemaSource } from '../../lib/directus/graphql-request-errors.ts';

export default defineHook(({ init }, context) => {
	init('routes.before', (meta) => {
		const app = meta['app'] as Express;
		app.use('/folders', extensibleFolderListQuery);
		app.use('/graphql', graphqlRequestErrors(context.services.GraphQLService as GraphQLSchemaSource));
	});
});
