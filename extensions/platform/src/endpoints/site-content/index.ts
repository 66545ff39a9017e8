/** `/site-content`: the published site content staff edit in Studio (lib/site-content). */
import { defineEndpoint } from '@directus/extensions-sdk';
import { registerSiteContentRoutes } from '../../lib/site-content/site-content-routes.ts';

export default defineEndpoint({
	id: 'site-content',
	handler: (router, context) => registerSiteContentRoutes(router, context),
});
