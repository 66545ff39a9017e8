/** `/account/*`: the signed-in customer's own account (lib/account/account-routes.ts, avatar/avatar-routes.ts). */
import { defineEndpoint } from '@directus/extensions-sdk';
import { accountRuntime } from '../../lib/account/account-runtime.ts';
import { registerAccountRoutes } from '../../lib/account/account-routes.ts';
import { registerAvatarRoutes } from '../../lib/account/avatar/avatar-routes.ts';
import { billingRuntime } from '../../lib/billing/billing-runtime.ts';
import { createRuntimeDriver } from '../../lib/runtime/runtime-driver-factory.ts';
import type { RuntimeDriver } from '../../lib/runtime/runtime-driver.ts';

export default defineEndpoint({
	id: 'account',
	handler: (router, context) => {
		let runtimeDriver: RuntimeDriver | null | undefined;
		registerAccountRoutes(router, context, {
			account: () => accountRuntime(context),
			billing: () => billingRuntime(context).service,
			runtimeDriver: () => (runtimeDriver === undefined ? (runtimeDriver = createRuntimeDriver(context.env)) : runtimeDriver),
		});
		registerAvatarRoutes(router, context);
	},
});
