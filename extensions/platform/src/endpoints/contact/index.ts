/** `/contact`: the help centre's contact form (lib/contact). */
import { defineEndpoint } from '@directus/extensions-sdk';
import { registerContactRoutes } from '../../lib/contact/contact-routes.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineEndpoint({
	id: 'contact',
	handler: (router, context) => {
		const services = platformServices(context);
		registerContactRoutes(router, context, () => services.contact);
	},
});
