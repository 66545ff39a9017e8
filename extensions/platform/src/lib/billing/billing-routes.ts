/**
 * The `/stripe/*` routes (docs/product.md, Billing API), wired to the billing service. Signed-in
 * routes answer 'User not authenticated' without a user; sandbox routes exist only with the sandbox.
 * The webhook is not here: the billing hook serves it ahead of Directus's middleware.
 */
import type { Router } from 'express';
import { ForbiddenError } from '../errors.ts';
import { accountabilityOf, requireUserId } from '../http/accountability.ts';
import { asyncRoute } from '../http/async-route.ts';
import { advanceClockInput, parseInput } from './billing-inputs.ts';
import type { BillingContext } from './billing-context.ts';
import type { BillingRuntime } from './billing-runtime.ts';
import { syncSubscriptions } from './billing-sync.ts';
import { DAY_MS } from './period-dates.ts';

export function mountBillingRoutes(router: Router, billing: BillingRuntime, context: BillingContext): void {
	const { service } = billing;

	router.post(
		'/create-checkout-session',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.createCheckout(requireUserId(req), req.body) });
		}),
	);
	router.get(
		'/checkout-session',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.checkoutSession(requireUserId(req), req.query) });
		}),
	);
	router.post(
		'/create-billing-portal-session',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.billingPortal(requireUserId(req), req.body) });
		}),
	);
	router.get(
		'/subscription',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.subscription(requireUserId(req)) });
		}),
	);
	router.post(
		'/subscription/cancel',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.cancel(requireUserId(req)) });
		}),
	);
	router.post(
		'/subscription/reactivate',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.reactivate(requireUserId(req)) });
		}),
	);

	const sandbox = billing.sandbox;
	if (!sandbox) return;

	router.post(
		'/sandbox/confirm',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.sandboxConfirm(sandbox, requireUserId(req), req.body) });
		}),
	);
	router.get(
		'/sandbox/portal',
		asyncRoute(async (req, res) => {
			res.json({ data: await service.sandboxPortal(sandbox, requireUserId(req)) });
		}),
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
