/** `POST /projects/{id}/duplicate` (docs/product.md, Copies): the caller from Directus's accountability. */
import type { Router } from 'express';
import { requireUserId } from '../../http/accountability.ts';
import { asyncRoute } from '../../http/async-route.ts';
import type { ProjectCopies } from './project-copies.ts';

export function registerProjectCopyRoute(router: Router, copies: ProjectCopies): void {
	router.post(
		'/:id/duplicate',
		asyncRoute(async (req, res) => {
			res.status(201).json({ data: await copies.duplicate(requireUserId(req), String(req.params['id']), req.body) });
		}),
	);
}
