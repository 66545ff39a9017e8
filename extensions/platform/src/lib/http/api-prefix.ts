/**
 * The billing API is documented at `/api/stripe/*` (docs/product.md, Billing API) while Directus
 * mounts the endpoint at `/stripe/*`: the documented paths are rewritten before routing, so both
 * answer the same and neither can fall through to the portal's page.
 */
import type { NextFunction, Request, Response } from 'express';

const ALIASED = /^\/api\/stripe(\/|\?|$)/;

export function apiPrefixAlias(req: Request, _res: Response, next: NextFunction): void {
	if (ALIASED.test(req.url)) req.url = req.url.slice('/api'.length);
	next();
}
