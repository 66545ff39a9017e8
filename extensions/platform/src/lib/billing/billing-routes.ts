/**
 * The `/stripe/*` routes (docs/product.md, Billing API), wired to the billing service. Signed-in
 * routes answer 'User not authenticated' without a user; sandbox routes exist only with the sandbox.
 * The webhook is not here: the billing hook serves it ahead of Directus's middleware.
 */
import type { Request, Router } from 'express';
import { ForbiddenError } from '../errors.ts';
import { accountabilityOf, requireUserId } from '../http/accountability.ts';
import { asyncRoute } from '../http/async-route.ts';
import { advanceClockInput, parseInput } from './billing-inputs.ts';
import type { BillingContext } from './billing-context.ts';
import type { BillingServices } from './billing-services.ts';
import { syncSubscriptions } from './billing-sync.ts';
import { DAY_MS } from './period-dates.ts';

/** A signed-in customer's route: the caller's id in, `{ data }` out. */
function forCustomer(handler: (userId: string, req: Request) => Promise<unknown>) {
	return asyncRoute(async (req, res) => {
		res.json({ data: await handler(requireUserId(req), req) });
	});
}

export function mountBillingRoutes(router: Router, billing: BillingServices, context: BillingContext): void {
	const { service } = billing;

	router.post(
		'/create-checkout-session',
		forCustomer((user, req) => service.createCheckout(user, req.body)),
	);
	router.get(
		'/checkout-session',
		forCustomer((user, req) => service.checkoutSession(user, req.query)),
	);
	router.post(
		'/create-billing-portal-session',
		forCustomer((user, req) => service.billingPortal(user, req.body)),
	);
	router.get(
		'/subscription',
		forCustomer((user) => service.subscription(user)),
	);
	router.get(
		'/payments',
		forCustomer((user) => service.payments(user)),
	);
	router.post(
		'/subscription/cancel',
		forCustomer((user) => service.cancel(user)),
	);
	router.post(
		'/subscription/reactivate',
		forCustomer((user) => service.reactivate(user)),
	);

	const sandbox = billing.sandbox;
	if (!sandbox) return;

	router.post(
		'/sandbox/confirm',
		forCustomer((user, req) => service.sandboxConfirm(sandbox, user, req.body)),
	);
	router.get(
		'/sandbox/portal',
		forCustomer((user) => service.sandboxPortal(sandbox, user)),
	);
	// Staff (and tests) move the sandbox's clock to reach renewals and period ends; off by default.
	if (billing.config.BILLING_SANDBOX_CLOCK_CONTROL) {
		router.post(
			'/sandbox/advance-clock',
			asyncRoute(async (req, res) => {
				requireUserId(req);
				if (!accountabilityOf(req)?.admin) throw new ForbiddenError();
				const { days } = parseInput(advanceClockInput, req.body);
				const now = sandbox.clock.advance(days * DAY_MS);
				res.json({ data: { now: now.toISOString(), ...(await syncSubscriptions(context, billing)) } });
			}),
		);
	}
}
