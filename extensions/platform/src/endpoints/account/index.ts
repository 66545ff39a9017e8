/**
 * `/account/*`: the signed-in customer's own account (lib/account/account-routes.ts,
 * avatar/avatar-routes.ts) and notifications (lib/notifications/notification-routes.ts).
 */
import { defineEndpoint } from '@directus/extensions-sdk';
import { accountRuntime } from '../../lib/account/account-runtime.ts';
import { registerAccountRoutes } from '../../lib/account/account-routes.ts';
import { registerAvatarRoutes } from '../../lib/account/avatar/avatar-routes.ts';
import { billingRuntime } from '../../lib/billing/billing-runtime.ts';
import { registerNotificationRoutes } from '../../lib/notifications/notification-routes.ts';
import { tearDownProjectsOf } from '../../lib/projects/project-teardown.ts';
import { provisioningServices } from '../../lib/projects/provisioning/provisioning-services.ts';

export default defineEndpoint({
	id: 'account',
	handler: (router, context) => {
		registerAccountRoutes(router, context, {
			account: () => accountRuntime(context),
			billing: () => billingRuntime(context).service,
			projects: () => ({ tearDownProjectsOf: (userId) => tearDownProjectsOf(context.database, provisioningServices(context), userId) }),
		});
		registerAvatarRoutes(router, context);
		registerNotificationRoutes(router, context);
	},
});
