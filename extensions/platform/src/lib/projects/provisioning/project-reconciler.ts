/**
 * Drives each project from `draft` to `published` through the runtime driver (docs/architecture.md,
 * Control plane), recording the real steps as they happen: infrastructure and database (the
 * runtime's ensure: an instance process on a database handed out from the warm pool or cloned),
 * domain (the router entry), certificate (what really happens to TLS here). Every call is
 * idempotent, so it can run again after any failure or crash: the admin password is generated and
 * stored before the runtime is asked, and the runtime's ensure returns the existing instance. A
 * lease (provisioning-lease.ts) keeps two control-plane processes off the same project. The owner
 * is notified when the project is published or fails (lib/notifications). It also keeps published
 * sites in line with their owner's subscription (suspended, started again, on the plan's limits).
 */
import type { Knex } from 'knex';
import { SERVING_SUBSCRIPTION_STATUSES, type ProjectStep, type ProjectStepName } from '@epic/platform-api';
import { whileRenewing } from '../../coordination/while-renewing.ts';
import type { PlatformMetrics } from '../../metrics/platform-metrics.ts';
import type { NewNotification } from '../../notifications/notify.ts';
import type { OwedNotifications } from '../../notifications/owed-notifications.ts';
import type { InstanceStatus, RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { generateAdminPassword } from '../credentials/admin-password.ts';
import type { CredentialsCipher } from '../credentials/credentials-cipher.ts';
import type { SiteAddress } from '../project-serializer.ts';
import { siteUrl } from '../project-serializer.ts';
import { planSiteResources } from './plan-site-resources.ts';
import type { ProvisioningLease } from './provisioning-lease.ts';
import { completeStep, failCurrentStep, initialSteps, resumableSteps, startStep } from './provisioning-steps.ts';
import { storedOrigins } from '../cors/stored-origins.ts';
import { applyProjectTemplate } from '../templates/apply-project-template.ts';
import { copySourceData } from './copy-source-data.ts';
import type { ProjectLicence } from '../licence/project-licence.ts';
import type { SiteCertificates } from './site-certificates.ts';

/** Statuses the reconciler still has work for. */
export const UNFINISHED_STATUSES = ['draft', 'pending'] as const;

interface ProjectRow {
	id: string;
	owner: string | null;
	name: string;
	subdomain: string;
	status: string;
	admin_email: string | null;
	admin_password: string | null;
	steps: unknown;
	domain: string | null;
	domain_verified_at: unknown;
	cors_origins: unknown;
	copy_of: string | null;
	copy_backup: string | null;
	template: string | null;
}

export interface ReconcilerOptions {
	database: Knex;
	driver: RuntimeDriver;
	cipher: CredentialsCipher;
	/** The projects' Directus licence keys, given to their sites once published. */
	licence: ProjectLicence;
	lease: ProvisioningLease;
	address: SiteAddress;
	/** The certificate step: what TLS really gives the site here. */
	certificates: SiteCertificates;
	now: () => Date;
	logger: { info(message: string): void; error(message: string): void };
	/** Tells the owner their project is published or failed: once, recorded with the status that tells it. */
	notices: OwedNotifications;
	/** Counts each step as it completes or fails. */
	metrics?: Pick<PlatformMetrics, 'provisioningStep'>;
	/** Waits between polls of a copy's restore (tests may pass a faster one). */
	sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function databaseDetail(status: InstanceStatus): string {
	if (status.source === 'warm-pool') return 'A ready database was handed out from the warm pool';
	if (status.source === 'cold') return 'The database was cloned from the instance template';
	return 'The database was already in place';
}

export class ProjectReconciler {
	readonly #options: ReconcilerOptions;
	/**
	 * Projects this process is provisioning now. The lease keeps other processes off; within this
	 * one it would let a second run in (a holder may renew its own claim), so the schedule's run and
	 * the creation's run of one project are kept apart here.
	 */
	readonly #active = new Set<string>();

	constructor(options: ReconcilerOptions) {
		this.#options = options;
	}

	async #row(projectId: string): Promise<ProjectRow | undefined> {
		return (await this.#options
			.database('projects')
			.select(
				'id',
				'owner',
				'name',
				'subdomain',
				'status',
				'admin_email',
				'admin_password',
				'steps',
				'domain',
				'domain_verified_at',
				'cors_origins',
				'copy_of',
				'copy_backup',
				'template',
			)
			.where({ id: projectId })
			.first()) as ProjectRow | undefined;
	}

	async #save(projectId: string, changes: Record<string, unknown>, within: Knex = this.#options.database): Promise<void> {
		const values = 'steps' in changes ? { ...changes, steps: JSON.stringify(changes['steps']) } : changes;
		await within('projects')
			.where({ id: projectId })
			.update({ ...values, date_updated: within.fn.now() });
	}

	/**
	 * Saves the project's outcome and records the owner's notification of it in one transaction, so
	 * a process that dies right after still has it delivered (by the outbox job). Returns the
	 * notification's key, for delivering it; null for a project without an owner.
	 */
	async #saveOutcome(row: ProjectRow, changes: Record<string, unknown>, key: string, notification: NewNotification | null): Promise<string | null> {
		await this.#options.database.transaction(async (trx) => {
			await this.#save(row.id, changes, trx);
			if (notification) await this.#options.notices.owe(trx, key, notification);
		});
		return notification ? key : null;
	}

	/**
	 * Provisions the project if it still needs it and no other process is at it. The claim is
	 * renewed while the work runs, so it can be short: a process killed mid-way leaves a claim that
	 * expires within one lease, and the next run finishes the project.
	 */
	async reconcile(projectId: string): Promise<void> {
		if (this.#active.has(projectId)) return;
		this.#active.add(projectId);
		try {
			await this.#reconcileClaimed(projectId);
		} finally {
			this.#active.delete(projectId);
		}
	}

	async #reconcileClaimed(projectId: string): Promise<void> {
		const { lease, now, logger } = this.#options;
		if (!(await lease.claim(projectId, now()))) return;
		try {
			await whileRenewing(
				lease.renewEveryMs,
				() => lease.claim(projectId, now()),
				(error) => logger.error(`Renewing the claim on project ${projectId}: ${error.message}`),
				async () => {
					const row = await this.#row(projectId);
					if (row && (UNFINISHED_STATUSES as readonly string[]).includes(row.status)) await this.#provision(row);
				},
			);
		} finally {
			await lease.release(projectId);
		}
	}

	/** Published sites whose certificate was not served yet: checked again (on the schedule). */
	async confirmCertificates(): Promise<void> {
		await this.#options.certificates.confirmPending((subdomain) => new URL(siteUrl(this.#options.address, subdomain)).hostname);
	}

	/** Every project with unfinished work: after a restart, and on the schedule. */
	async reconcileUnfinished(): Promise<void> {
		const rows = (await this.#options
			.database('projects')
			.select('id')
			.whereIn('status', [...UNFINISHED_STATUSES])) as { id: string }[];
		for (const { id } of rows) {
			await this.reconcile(id).catch((error: Error) => this.#options.logger.error(`Provisioning ${id}: ${error.message}`));
		}
	}

	async #provision(row: ProjectRow): Promise<void> {
		const { driver, cipher, now, address, logger } = this.#options;
		/** Completes the step now and counts it. */
		const complete = (current: ProjectStep[], name: ProjectStepName, detail: string) => {
			this.#options.metrics?.provisioningStep(name, 'complete');
			return completeStep(current, name, now(), detail);
		};
		let steps: ProjectStep[] = row.status === 'draft' ? initialSteps() : resumableSteps(row.steps);
		let ready: string | null = null;
		try {
			const password = row.admin_password ? cipher.decrypt(row.id, row.admin_password) : generateAdminPassword();
			steps = startStep(startStep(steps, 'infrastructure', now()), 'database', now());
			await this.#save(row.id, {
				status: 'pending',
				failure_reason: null,
				steps,
				...(row.admin_password ? {} : { admin_password: cipher.encrypt(row.id, password) }),
			});

			const resources = await planSiteResources(this.#options.database, row.owner);
			const instance = await driver.ensureInstance({
				projectId: row.id,
				subdomain: row.subdomain,
				projectName: row.name,
				admin: { email: row.admin_email ?? '', password },
				...(resources ? { resources } : {}),
			});
			// A copy's database is the source's backup, restored into the new site before anything routes to it.
			const copied = row.copy_of
				? await copySourceData(
						{
							database: this.#options.database,
							driver,
							sleep: this.#options.sleep ?? wait,
							progress: (detail) => this.#save(row.id, { steps: steps.map((step) => (step.name === 'database' ? { ...step, detail } : step)) }),
						},
						{ id: row.id, owner: row.owner, name: row.name, copy_of: row.copy_of, copy_backup: row.copy_backup },
						{ email: row.admin_email ?? '', password },
					)
				: null;
			steps = complete(steps, 'infrastructure', "The project's own Directus is running");
			// The starter goes on after the site is claimed (a warm-pool site stays blank); while it
			// does, the database step is the one in progress, so a failure is recorded there.
			// A copy holds its source's content already: no starter goes over it.
			const template = copied ? null : await applyProjectTemplate(driver, row.id, row.template);
			steps = complete(steps, 'database', copied ?? [databaseDetail(instance), template].filter(Boolean).join('. '));
			steps = startStep(steps, 'domain', now());
			await this.#save(row.id, { steps });

			const url = siteUrl(address, row.subdomain);
			// A custom domain verified while the project was being provisioned (or before a retry).
			const customDomains = row.domain && row.domain_verified_at ? [row.domain] : [];
			if (customDomains.length > 0) await driver.setCustomDomains(row.id, customDomains);
			// Origins the owner allowed before the site existed (or before a retry).
			const origins = storedOrigins(row.cors_origins);
			if (origins.length > 0) await driver.setCorsOrigins(row.id, origins);
			const routed = await driver.instanceStatus(row.id);
			if (routed?.subdomain !== row.subdomain) throw new Error(`The router has no entry for ${row.subdomain}`);
			const hosts = [new URL(url).host, ...customDomains].join(' and ');
			steps = complete(steps, 'domain', `The router sends ${hosts} to the project`);
			steps = startStep(steps, 'certificate', now());
			steps = await this.#options.certificates.record(steps, new URL(url).hostname);
			const certificate = steps.find((step) => step.name === 'certificate')?.state;
			if (certificate === 'complete' || certificate === 'skipped') this.#options.metrics?.provisioningStep('certificate', certificate);
			ready = await this.#saveOutcome(
				row,
				{ status: 'published', steps },
				// The lease lets one process at a time provision a project: its time tells this outcome from others.
				`project:${row.id}:ready:${now().getTime()}`,
				row.owner ? { user: row.owner, kind: 'project_ready', project: row.id, params: { project_name: row.name } } : null,
			);
			logger.info(`Project ${row.id} (${row.subdomain}) published`);
		} catch (error) {
			const reason = (error as Error).message || 'Provisioning failed';
			const failed = failCurrentStep(steps, now(), reason);
			const failedStep = failed.find((step) => step.state === 'failed');
			if (failedStep) this.#options.metrics?.provisioningStep(failedStep.name, 'failed');
			const told = await this.#saveOutcome(
				row,
				{ status: 'failed', failure_reason: reason, steps: failed },
				`project:${row.id}:failed:${now().getTime()}`,
				row.owner ? { user: row.owner, kind: 'project_failed', project: row.id, params: { project_name: row.name, reason } } : null,
			);
			logger.error(`Provisioning project ${row.id} failed: ${reason}`);
			if (told) await this.#options.notices.deliver(told);
			return;
		}
		// A key saved before the site existed: given now if the site is on its URL, else by the schedule (deliverPending).
		await this.#options.licence.deliver(row.id).catch((error: Error) => logger.error(`Giving project ${row.id}'s licence key to its site: ${error.message}`));
		if (ready) await this.#options.notices.deliver(ready);
	}

	/**
	 * The sites follow billing: published projects whose owner has no serving subscription are
	 * suspended, suspended ones whose owner has one again are started. Billing's events ask for one
	 * owner at once (reconcileOwner); this pass, on the schedule, catches any event a process missed
	 * (down, or restarting).
	 */
	async reconcileSuspensions(): Promise<void> {
		const { database } = this.#options;
		const serving = this.#servingSubscriptions().select('user');
		const unpaid = (await database('projects').distinct('owner').where({ status: 'published' }).whereNotNull('owner').whereNotIn('owner', serving)) as {
			owner: string;
		}[];
		for (const { owner } of unpaid) await this.#suspendOwner(owner);
		const paid = (await this.#suspendedByBilling().distinct('owner').whereIn('owner', serving)) as { owner: string }[];
		for (const { owner } of paid) await this.#resumeOwner(owner);
	}

	/**
	 * One owner's sites in line with their subscription, now: suspended without a serving one,
	 * started again with one (billing's suspensions only; staff's stay). What billing's events ask for.
	 */
	async reconcileOwner(userId: string): Promise<void> {
		const serving = await this.#servingSubscriptions().where({ user: userId }).first('id');
		if (serving) await this.#resumeOwner(userId);
		else await this.#suspendOwner(userId);
	}

	#servingSubscriptions() {
		return this.#options
			.database('user_subscriptions')
			.whereIn('status', [...SERVING_SUBSCRIPTION_STATUSES])
			.whereNotNull('user');
	}

	async #suspendOwner(userId: string): Promise<void> {
		const rows = (await this.#options.database('projects').select('id').where({ owner: userId, status: 'published' })) as { id: string }[];
		for (const { id } of rows) {
			await this.#options.driver.suspendInstance(id);
			await this.#save(id, { status: 'suspended', suspended_by: 'billing' });
			this.#options.logger.info(`Project ${id} suspended: its owner has no serving subscription`);
		}
	}

	async #resumeOwner(userId: string): Promise<void> {
		const rows = (await this.#suspendedByBilling().where({ owner: userId }).select('id')) as { id: string }[];
		for (const { id } of rows) {
			await this.#options.driver.startInstance(id);
			await this.#save(id, { status: 'published', suspended_by: null });
			this.#options.logger.info(`Project ${id} started again: its owner's subscription serves`);
		}
	}

	/**
	 * The owner's subscription moved to another plan: each of their projects with a site gets the
	 * plan's memory and CPU (an empty value: the runtime's default). One project's failure is logged
	 * and the others go on; the project's next provisioning run passes the limits again.
	 */
	async applyOwnerPlan(userId: string): Promise<void> {
		const resources = (await planSiteResources(this.#options.database, userId)) ?? {};
		const rows = (await this.#options.database('projects').select('id').where({ owner: userId }).whereIn('status', ['published', 'suspended'])) as { id: string }[];
		for (const { id } of rows) {
			try {
				await this.#options.driver.setSiteResources(id, resources);
				this.#options.logger.info(`Project ${id} has its owner's new plan's limits`);
			} catch (error) {
				this.#options.logger.error(`Project ${id} keeps its limits until its next start: ${(error as Error).message}`);
			}
		}
	}

	/** Suspended, and not by staff (rows from before `suspended_by` have none: billing's). */
	#suspendedByBilling() {
		return this.#options
			.database('projects')
			.where({ status: 'suspended' })
			.where((query) => query.whereNull('suspended_by').orWhere('suspended_by', '!=', 'staff'));
	}
}
