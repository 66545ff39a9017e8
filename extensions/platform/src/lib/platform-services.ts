/**
 * The bundle's composition root: the services its entries share, built once per control-plane
 * process, each on first use, from the Directus context of the first entry that asks (every entry
 * runs with the same environment and database; the endpoints, hooks and operations are one
 * bundle, so they share this module). Nothing else in the bundle keeps a module-level instance:
 * entries take what they need from here and wire it into lib/.
 *
 * Built on first use, not at start: a wrong setting of one part (the runtime, Stripe) fails the
 * uses of that part, saying why, and never the routes that do not need it.
 */
import type { BillingContext } from './billing/billing-context.ts';
import { customerEffectDeliverer, recipientOf, type CustomerEffect } from './coordination/customer-effects.ts';
import { jobSchedule, type ScheduledJobName } from './coordination/job-schedules.ts';
import { Outbox } from './coordination/outbox.ts';
import { replicaName } from './coordination/replica-name.ts';
import { scheduledJob } from './coordination/scheduled-job.ts';
import { ScheduledJobLedger } from './coordination/scheduled-job-ledger.ts';
import { createAccountServices, type AccountServices } from './account/account-services.ts';
import { createBillingServices, type BillingServices } from './billing/billing-services.ts';
import { createContactServices, type ContactServices } from './contact/contact-services.ts';
import { createDomainsServices, type DomainsServices } from './domains/domains-services.ts';
import { createAccountActionLimits, type AccountActionLimits } from './http/rate-limits/account-actions.ts';
import { createPlatformMetrics } from './metrics/create-platform-metrics.ts';
import type { PlatformMetrics } from './metrics/platform-metrics.ts';
import { owedNotifications } from './notifications/owed-notifications.ts';
import { createPlanCatalogue } from './plans/plan-catalogue-setup.ts';
import type { PlanCatalogue } from './plans/plan-catalogue.ts';
import type { LocalizablePlan } from './plans/plan-translations.ts';
import { createProvisioningServices, type ProvisioningServices } from './projects/provisioning/provisioning-services.ts';
import type { RuntimeDriver } from './runtime-driver/runtime-driver.ts';
import { createRuntimeDriver } from './runtime-driver/runtime-driver-factory.ts';

/** What every entry's context has and the services are built from. */
export type BundleContext = BillingContext;

/** How long a scheduled job's claim holds unrenewed: how long a replica that died blocks its job. */
const JOB_LEASE_MS = 60_000;

export interface ScheduledJobHandler {
	rule: string;
	handler: () => Promise<void>;
}

export class PlatformServices {
	readonly #context: BundleContext;
	readonly #built = new Map<string, unknown>();

	constructor(context: BundleContext) {
		this.#context = context;
	}

	#once<T>(name: string, build: () => T): T {
		if (!this.#built.has(name)) this.#built.set(name, build());
		return this.#built.get(name) as T;
	}

	/** The runtime's management API; null without a runtime (the control plane alone). */
	get driver(): RuntimeDriver | null {
		return this.#once('driver', () => createRuntimeDriver(this.#context.env));
	}

	/**
	 * The driver for one use, each call bounded by `timeoutMs` when given (a page that must not
	 * hang on a slow runtime), resolved when first called.
	 */
	driverWithin(timeoutMs?: number): () => RuntimeDriver | null {
		return () => {
			const driver = this.driver;
			return driver && timeoutMs ? driver.withTimeout(timeoutMs) : driver;
		};
	}

	/** This process's name among the control-plane replicas. */
	get replica(): string {
		return this.#once('replica', replicaName);
	}

	get jobLedger(): ScheduledJobLedger {
		return this.#once('jobLedger', () => new ScheduledJobLedger(this.#context.database, this.replica, JOB_LEASE_MS));
	}

	/** The job's schedule and the handler Directus's `schedule()` runs on it: once per tick across replicas. */
	scheduledJob(name: ScheduledJobName, run: () => Promise<unknown>): ScheduledJobHandler {
		const rule = jobSchedule(this.#context.env, name);
		return { rule, handler: scheduledJob(name, rule, { ledger: this.jobLedger, now: () => new Date(), logger: this.#context.logger, metrics: this.metrics }, run) };
	}

	/** What the platform owes customers (emails, notifications), each delivered once across replicas. */
	get outbox(): Outbox<CustomerEffect> {
		return this.#once('outbox', () => new Outbox({ database: this.#context.database, deliver: customerEffectDeliverer(this.#context), recipientOf, logger: this.#context.logger }));
	}

	get metrics(): PlatformMetrics {
		return this.#once('metrics', () => createPlatformMetrics((message) => this.#context.logger.error(message)));
	}

	get catalogue(): PlanCatalogue<LocalizablePlan> {
		return this.#once('catalogue', () => createPlanCatalogue(this.#context));
	}

	get account(): AccountServices {
		return this.#once('account', () => createAccountServices(this.#context));
	}

	/** Each customer's projects created and deleted, domains changed and restores per hour. */
	get actionLimits(): AccountActionLimits {
		return this.#once('actionLimits', () => createAccountActionLimits(this.#context));
	}

	get billing(): BillingServices {
		return this.#once('billing', () => createBillingServices(this.#context, this.metrics, this.outbox));
	}

	get contact(): ContactServices {
		return this.#once('contact', () => createContactServices(this.#context));
	}

	get domains(): DomainsServices {
		return this.#once('domains', () => createDomainsServices(this.#context, this.driver, this.outbox));
	}

	/** Null without a runtime: projects then stay in `draft`. */
	get provisioning(): ProvisioningServices | null {
		return this.#once('provisioning', () => createProvisioningServices(this.#context, this.driver, this.metrics, owedNotifications(this.outbox)));
	}
}

let root: PlatformServices | undefined;

/** Called by the hooks and endpoints as they register, at start: the first one's context builds them all. */
export function platformServices(context: BundleContext): PlatformServices {
	root ??= new PlatformServices(context);
	return root;
}

/**
 * For Flow operations, whose context lacks the emitter billing announces on: the services the
 * hooks and endpoints built as they registered, before any Flow could run.
 */
export function startedPlatformServices(): PlatformServices {
	if (!root) throw new Error("The platform bundle's services are not built yet: its hooks and endpoints build them as they register");
	return root;
}
