/**
 * `/account/notifications` (registered on the account endpoint): the signed-in customer's own
 * notifications, the caller taken from Directus's accountability. Customers have no Directus
 * permission on the `notifications` collection; these routes are their only way in.
 */
import type { ApiExtensionContext } from '@directus/types';
import type { Router } from 'express';
import { requireUserId } from '../http/accountability.ts';
import { asyncRoute } from '../http/async-route.ts';
import { listNotifications, markNotificationsRead } from './notifications-service.ts';

export function registerNotificationRoutes(router: Router, context: Pick<ApiExtensionContext, 'database'>, now: () => Date = () => new Date()): void {
	router.get(
		'/notifications',
		asyncRoute(async (req, res) => {
			res.json({ data: await listNotifications(context.database, requireUserId(req)) });
		}),
	);

	router.post(
		'/notifications/read',
		asyncRoute(async (req, res) => {
			res.json({ data: await markNotificationsRead(context.database, requireUserId(req), req.body, now) });
		}),
	);
}
