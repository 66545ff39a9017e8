/**
 * `/projects/*`: the signed-in customer's own projects (docs/product.md, Projects API). Every route
 * takes the caller from Directus's accountability; the service filters by that owner.
 */
import type { Router } from 'express';
import { requireUserId } from '../http/accountability.ts';
import { asyncRoute } from '../http/async-route.ts';
import type { ProjectService } from './project-service.ts';
import { registerProjectUsageRoute } from './usage/project-usage-route.ts';
import type { ProjectUsageService } from './usage/project-usage-service.ts';

export function registerProjectRoutes(router: Router, service: ProjectService, usage: ProjectUsageService): void {
	router.get(
		'/',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.list(requireUserId(req)) });
		}),
	);

	router.post(
		'/',
		asyncRoute(async (req, res) => {
			res.status(201).json({ data: await service.create(requireUserId(req), req.body) });
		}),
	);

	registerProjectUsageRoute(router, usage);

	router.get(
		'/:id',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.read(requireUserId(req), String(req.params['id'])) });
		}),
	);

	router.patch(
		'/:id',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.update(requireUserId(req), String(req.params['id']), req.body) });
		}),
	);

	router.delete(
		'/:id',
		asyncRoute(async (req, res) => {
			await service.remove(requireUserId(req), String(req.params['id']));
			res.status(204).end();
		}),
	);

	router.post(
		'/:id/retry',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.retry(requireUserId(req), String(req.params['id'])) });
		}),
	);

	router.get(
		'/:id/credentials',
		asyncRoute(async (req, res) => {
			const credentials = await service.credentials(requireUserId(req), String(req.params['id']));
			res.setHeader('Cache-Control', 'no-store');
			res.json({ data: credentials });
		}),
	);

	router.post(
		'/:id/rotate-password',
		asyncRoute(async (req, res) => {
			const credentials = await service.rotatePassword(requireUserId(req), String(req.params['id']));
			res.setHeader('Cache-Control', 'no-store');
			res.json({ data: credentials });
		}),
	);
}
