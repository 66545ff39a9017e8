/** `GET /projects/usage`: registered before `/:id`, which would otherwise take `usage` for an id. */
import type { Router } from 'express';
import { requireUserId } from '../../http/accountability.ts';
import { asyncRoute } from '../../http/async-route.ts';
import type { ProjectUsageService } from './project-usage-service.ts';

export function registerProjectUsageRoute(router: Router, usage: ProjectUsageService): void {
	router.get(
		'/usage',
		asyncRoute(async (req, res) => {
			res.json({ data: await usage.forOwner(requireUserId(req)) });
		}),
	);
}
