/** `/account/*`: the signed-in customer's own account, read with an ownership check in code. */
import { defineEndpoint } from '@directus/extensions-sdk';
import { registerAvatarRoutes } from '../../lib/account/avatar/avatar-routes.ts';
import { readOwnProfile } from '../../lib/account/profile.ts';
import { verifyRegistrationEmail } from '../../lib/account/verify-email.ts';
import { requireUserId } from '../../lib/http/accountability.ts';
import { asyncRoute } from '../../lib/http/async-route.ts';

export default defineEndpoint({
	id: 'account',
	handler: (router, context) => {
		router.get(
			'/me',
			asyncRoute(async (req, res) => {
				res.json({ data: await readOwnProfile(context, requireUserId(req)) });
			}),
		);

		router.post(
			'/verify-email',
			asyncRoute(async (req, res) => {
				await verifyRegistrationEmail(context, req.body);
				res.status(204).end();
			}),
		);

		registerAvatarRoutes(router, context);
	},
});
