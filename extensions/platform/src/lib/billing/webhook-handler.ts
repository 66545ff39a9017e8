/**
 * `POST /stripe/webhook`, served ahead of Directus's own middleware (the billing hook mounts it in
 * `middlewares.before`): a provider's delivery authenticates by its signature, needs no user, and
 * would otherwise pay for Directus's per-request work (authentication, a copy of the schema) that
 * it does not use — at 200 events a second that work is most of the cost. Answers in Directus's
 * error shape, so it reads like every other route.
 */
import { isDirectusError } from '@directus/errors';
import type { NextFunction, Request, Response } from 'express';
import type { RawBodyRequest } from '../http/raw-body.ts';
import type { BillingContext } from './billing-context.ts';
import type { BillingServices } from './billing-services.ts';

export function webhookHandler(billing: () => BillingServices, context: Pick<BillingContext, 'logger'>) {
	return (req: Request, res: Response, _next: NextFunction): void => {
		const runtime = billing();
		const raw = (req as RawBodyRequest).rawBody ?? Buffer.alloc(0);
		Promise.resolve()
			.then(() => runtime.pipeline.handle(runtime.provider.verifyWebhook(raw, req.get('stripe-signature'))))
			.then((outcome) => res.json({ data: { received: true, outcome } }))
			.catch((error: unknown) => {
				if (isDirectusError(error)) {
					res.status(error.status).json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
					return;
				}
				// The provider redelivers on any non-2xx; the event is marked failed for staff to see.
				context.logger.error(`Billing webhook failed: ${(error as Error).message}`);
				res.status(500).json({ errors: [{ message: 'The event could not be processed', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
			});
	};
}
