/** `/contact`: the help centre's contact form (lib/contact). */
import { defineEndpoint } from '@directus/extensions-sdk';
import { registerContactRoutes } from '../../lib/contact/contact-routes.ts';

export default defineEndpoint({
	id: 'contact',
	handler: (router, context) => registerContactRoutes(router, context),
});
