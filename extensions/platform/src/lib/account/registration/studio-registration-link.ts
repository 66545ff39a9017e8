/**
 * Public registration is on for the portal (customers register at `/auth?mode=register`), and
 * Directus's `/server/info` says so to anyone. The Studio's sign-in page reads that flag only to
 * show "Sign up now", which would invite customers to register in the staff app. Registration
 * itself (`POST /users/register`) reads the setting, not this answer, so the flag is answered as off
 * here and nothing else changes.
 */
import type { NextFunction, Request, Response } from 'express';

type ServerInfoBody = { data?: { project?: { public_registration?: unknown } | null } };

export function hideStudioRegistrationLink(req: Request, res: Response, next: NextFunction): void {
	if (req.method !== 'GET' || req.path !== '/') return next();
	const json = res.json.bind(res);
	res.json = (body: ServerInfoBody) => {
		const project = body?.data?.project;
		if (project && 'public_registration' in project) project.public_registration = false;
		return json(body);
	};
	next();
}
