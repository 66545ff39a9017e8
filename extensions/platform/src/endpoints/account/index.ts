/**
 * `/account/*`: the signed-in customer's own account (lib/account/account-routes.ts,
 * avatar/avatar-routes.ts) and notifications (lib/notifications/notification-routes.ts).
 */
import { defineEndpoint } from '@directus/extensions-sdk';
import { registerAccountRoutes } from '../../lib/account/account-routes.ts';
import { registerAvatarRoutes } from '../../lib/account/avatar/avatar-routes.ts';
import { registerNotificationRoutes } from '../../lib/notifications/notification-routes.ts';
import { tearDownProjectsOf } from '../../lib/projects/project-teardown.ts';
import { platformServices } from '../../lib/platform-services.ts';

export default defineEndpoint({
	id: 'account',
	handler: (router, context) => {
		const services = platformServices(context);
		registerAccountRoutes(router, context, {
			account: () => services.account,
			billing: () => services.billing.service,
			projects: () => ({ tearDownProjectsOf: (userId) => tearDownProjectsOf(context.database, services.provisioning, userId) }),
		});
		registerAvatarRoutes(router, context);
		registerNotificationRoutes(router, context);
	},
});
