/**
 * The billing set-up: the provider chosen at start-up, the event pipeline it feeds, and the service
 * the routes call. One per process (lib/platform-services.ts), so the `stripe-endpoint` and the
 * `subscription-sync-hook` share it (and the sandbox's clock).
 */
import type { CustomerEffect } from '../coordination/customer-effects.ts';
import type { Outbox } from '../coordination/outbox.ts';
import type { PlatformMetrics } from '../metrics/platform-metrics.ts';
import { readPlatformConfig, type PlatformConfig } from '../platform-config.ts';
import type { BillingContext } from './billing-context.ts';
import { BillingEventPipeline } from './billing-event-pipeline.ts';
import type { BillingProvider } from './billing-provider.ts';
import { BillingService } from './billing-service.ts';
import { SandboxClock } from './sandbox/sandbox-clock.ts';
import { SandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';
import { SubscriptionResync } from './subscription-resync.ts';

export interface BillingServices {
	config: PlatformConfig;
	provider: BillingProvider;
	/** Set when the sandbox runs: its card form, portal page and clock. */
	sandbox: SandboxProvider | null;
	pipeline: BillingEventPipeline;
	service: BillingService;
	/** Every write of the subscription mirror goes through it. */
	resync: SubscriptionResync;
}

export function createBillingServices(context: BillingContext, metrics: PlatformMetrics, outbox: Outbox<CustomerEffect>): BillingServices {
	const config = readPlatformConfig(context.env);
	const portalUrl = config.PUBLIC_URL.replace(/\/$/, '');
	const sandbox = config.BILLING_PROVIDER === 'sandbox' ? new SandboxProvider({ context, clock: new SandboxClock(), portalUrl }) : null;
	const provider: BillingProvider = sandbox ?? createStripeProvider(config);
	const resync = new SubscriptionResync(context, provider, portalUrl, outbox);
	const pipeline = new BillingEventPipeline({ context, provider, resync, outbox, portalUrl, metrics });
	sandbox?.deliverEventsTo((event) => pipeline.handle(event));
	return { config, provider, sandbox, pipeline, resync, service: new BillingService({ context, provider, portalUrl, resync }) };
}
