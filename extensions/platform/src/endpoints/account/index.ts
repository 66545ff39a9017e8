/**
 * `/account/*`: the signed-in customer's own account (lib/account/account-routes.ts,
 * avatar/avatar-routes.ts) and notifications (lib/notifications/notification-routes.ts).
 */
import { defineEndpoint } from '@directus/extensions-sdk';
import { accountServices } from '../../lib/account/account-services.ts';
import { registerAccountRoutes } from '../../lib/account/account-routes.ts';
import { registerAvatarRoutes } from '../../lib/account/avatar/avatar-routes.ts';
import { billingServices } from '../../lib/billing/billing-services.ts';
import { registerNotificationRoutes } from '../../lib/notifications/notification-routes.ts';
import { tearDownProjectsOf } from '../../lib/projects/project-teardown.ts';
import { provisioningServices } from '../../lib/projects/provisioning/provisioning-services.ts';

export default defineEndpoint({
	id: 'account',
	handler: (router, context) => {
		registerAccountRoutes(router, context, {
			account: () => accountServices(context),
			billing: () => billingServices(context).service,
			projects: () => ({ tearDownProjectsOf: (userId) => tearDownProjectsOf(context.database, provisioningServices(context), userId) }),
		});
		registerAvatarRoutes(router, context);
		registerNotificationRoutes(router, context);
	},
});
