/**
 * The customer's projects, with ownership in code (docs/access-model.md): customers hold no Directus
 * permission on `projects`, so every read and write here acts as the system (services without
 * accountability) with an explicit filter on the owner, written in the query itself. Another
 * customer's project answers exactly like a missing one.
 */
import type { ApiExtensionContext, Filter } from '@directus/types';
import { allowsNewProjects, projectAllowanceFrom, type Project, type ProjectAllowance, type ProjectCredentials } from '@epic/platform-api';
import { ProfileNotFoundError, ProjectLimitReachedError, ProjectNotFoundError, ProjectNotReadyError, SubdomainTakenError, SubscriptionRequiredError } from '../errors.ts';
import { projectAllowance } from '../billing/project-allowance.ts';
import { currentSubscriptionOf } from '../billing/subscription-mirror.ts';
import { isUniqueViolation } from '../database/unique-violation.ts';
import { countOwnedProjectsIn, lockOwner } from './owner-lock.ts';
import { parseInput, type ProjectInputs } from './project-inputs.ts';
import { PROJECT_FIELDS, toApiProject, type ProjectRow, type SiteAddress } from './project-serializer.ts';
import { tearDownProject } from './project-teardown.ts';
import type { ProvisioningServices } from './provisioning/provisioning-services.ts';
import { applyCorsOriginsToSite } from './cors/apply-cors-origins.ts';
import { UNCHECKED_DOMAIN_COLUMNS, type DomainRouting } from '../domains/routing/domain-routing.ts';
import type { AccountActionLimits } from '../http/rate-limits/account-actions.ts';

/** What makes a new project a copy: the source project and, when chosen, its backup (provisioning restores it). */
export interface CopyColumns {
	copy_of: string;
	copy_backup: string | null;
}

export type ProjectsContext = Pick<ApiExtensionContext, 'services' | 'getSchema' | 'database' | 'logger'>;

export interface ProjectsSetup {
	inputs: ProjectInputs;
	address: SiteAddress;
	/** Null without a runtime (the control plane alone): projects then stay in `draft`. */
	provisioning: () => ProvisioningServices | null;
	/** Null without a runtime, like provisioning. */
	domainRouting: () => DomainRouting | null;
	/** Creations, deletions and domain changes per account per hour (http/rate-limits/account-actions.ts). */
	actionLimits: () => Pick<AccountActionLimits, 'consume'>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filter every read and write of one project carries: this id, and this owner. */
function ownProject(userId: string, id: string): Filter {
	return { id: { _eq: id }, owner: { _eq: userId } };
}

export class ProjectService {
	private readonly context: ProjectsContext;
	private readonly setup: ProjectsSetup;

	constructor(context: ProjectsContext, setup: ProjectsSetup) {
		this.context = context;
		this.setup = setup;
	}

	private async items() {
		const { ItemsService } = this.context.services;
		return new ItemsService('projects', { schema: await this.context.getSchema() });
	}

	/**
	 * The reads go to the table with knex, not through Directus's ItemsService: one query with the
	 * owner in it, and none of the service's per-call work (the reads are the API's hot path, see
	 * bench/projects.bench.ts). toApiProject reads the values in either database's form.
	 */
	private ownRows(userId: string) {
		return this.context
			.database('projects')
			.select([...PROJECT_FIELDS])
			.where({ owner: userId });
	}

	async list(userId: string): Promise<Project[]> {
		const rows = (await this.ownRows(userId).orderBy([{ column: 'date_created' }, { column: 'id' }])) as ProjectRow[];
		return rows.map((row) => toApiProject(row, this.setup.address));
	}

	private async readOwnRow(userId: string, id: string): Promise<ProjectRow> {
		// Not a project id at all: nothing to look up (PostgreSQL would refuse it as a uuid).
		if (!UUID.test(id)) throw new ProjectNotFoundError();
		const row = (await this.ownRows(userId).andWhere({ id }).first()) as ProjectRow | undefined;
		if (!row) throw new ProjectNotFoundError();
		return row;
	}

	async read(userId: string, id: string): Promise<Project> {
		return toApiProject(await this.readOwnRow(userId, id), this.setup.address);
	}

	/**
	 * `POST /projects`: validated first, then billing's answer (projectAllowance), then, holding the
	 * owner's lock, the owner's projects are counted again and the row inserted, so concurrent
	 * creations cannot pass the limit together. The row starts in `draft`, with the owner's email as
	 * the site's admin email and no password (provisioning sets it). A copy (copies/project-copies.ts)
	 * is created here too, with the columns that tell provisioning whose data to put in its site.
	 */
	async create(userId: string, body: unknown, copy?: CopyColumns): Promise<Project> {
		const input = parseInput(this.setup.inputs.create, body);
		const allowance = await projectAllowance(this.context, userId);
		if (!allowance.allowed) throw await this.refusal(userId, allowance);

		// The schema is read before the transaction: on SQLite the one connection is the transaction's.
		const schema = await this.context.getSchema();
		const { ItemsService } = this.context.services;
		let id: string;
		try {
			id = await this.context.database.transaction(async (trx) => {
				const owner = await lockOwner(trx, userId);
				if (!owner) throw new ProfileNotFoundError();
				const used = await countOwnedProjectsIn(trx, userId);
				const now = projectAllowanceFrom(allowance.limit, used, true);
				if (!now.allowed) throw new ProjectLimitReachedError({ limit: allowance.limit });
				const taken = await trx('projects').where({ subdomain: input.subdomain }).first('id');
				if (taken) throw new SubdomainTakenError({ field: 'subdomain' });
				// Counted only for a creation that goes ahead: a refused one costs the platform nothing.
				await this.setup.actionLimits().consume('project-create', userId);
				const items = new ItemsService('projects', { schema, knex: trx });
				return (await items.createOne({
					owner: userId,
					name: input.name,
					description: input.description ?? null,
					subdomain: input.subdomain,
					status: 'draft',
					admin_email: owner.email,
					steps: [],
					template: input.template,
					...copy,
				})) as string;
			});
		} catch (error) {
			if (isUniqueViolation(error)) throw new SubdomainTakenError({ field: 'subdomain' });
			throw error;
		}
		this.context.logger.info(`Project ${id} (${input.subdomain}) created by ${userId} from the ${input.template} template`);
		return this.read(userId, id);
	}

	/** Why billing's answer was no: no subscription that counts, or the plan's limit. */
	private async refusal(userId: string, allowance: ProjectAllowance): Promise<Error> {
		if (allowance.limit > 0) return new ProjectLimitReachedError({ limit: allowance.limit });
		const subscription = await currentSubscriptionOf(this.context, userId);
		return allowsNewProjects(subscription?.status) ? new ProjectLimitReachedError({ limit: 0 }) : new SubscriptionRequiredError();
	}

	/**
	 * `PATCH /projects/{id}`: name, description and custom domain only. A new or removed domain
	 * starts unverified; the runtime stops routing the old one first, and if it cannot be told, the
	 * change is refused and nothing changes. A domain another project claims can be saved too: only
	 * the project that proves it is served on it (domains/routing/domain-routing.ts), so a claim
	 * blocks nobody. New allowed origins reach the project's site first (the router applies them at
	 * once); if the runtime cannot be told, the change is refused and nothing changes.
	 */
	async update(userId: string, id: string, body: unknown): Promise<Project> {
		const change = parseInput(this.setup.inputs.update, body);
		const row = await this.readOwnRow(userId, id);
		const sites = this.setup.provisioning();
		if (change.cors_origins && sites) await applyCorsOriginsToSite(sites.driver, id, change.cors_origins);
		const domainChanges = 'domain' in change && (change.domain ?? null) !== row.domain;
		if (domainChanges) await this.setup.actionLimits().consume('domain-change', userId);
		if (domainChanges) await this.setup.domainRouting()?.releaseDomain(id);
		const items = await this.items();
		const values = domainChanges ? { ...change, ...UNCHECKED_DOMAIN_COLUMNS } : change;
		const keys = (await items.updateByQuery({ filter: ownProject(userId, id) }, values)) as string[];
		if (keys.length === 0) throw new ProjectNotFoundError();
		return this.read(userId, id);
	}

	/** `DELETE /projects/{id}`: the instance and its data first, then the row. */
	async remove(userId: string, id: string): Promise<void> {
		await this.readOwnRow(userId, id);
		await this.setup.actionLimits().consume('project-delete', userId);
		await tearDownProject(this.context.database, this.setup.provisioning(), id);
		this.context.logger.info(`Project ${id} deleted by its owner ${userId}`);
	}

	/** `POST /projects/{id}/retry`: a failed project is provisioned again; any other answers as it is. */
	async retry(userId: string, id: string): Promise<Project> {
		const row = await this.readOwnRow(userId, id);
		const reconciler = this.setup.provisioning()?.reconciler;
		if (row.status === 'failed' && reconciler) {
			await this.context.database('projects').where({ id, owner: userId, status: 'failed' }).update({ status: 'draft', failure_reason: null });
			void reconciler.reconcile(id).catch((error: Error) => this.context.logger.error(`Provisioning project ${id}: ${error.message}`));
		}
		return this.read(userId, id);
	}

	/** The stored credentials of the caller's own published project. */
	private async publishedCredentialsRow(userId: string, id: string): Promise<{ admin_email: string; admin_password: string }> {
		if (!UUID.test(id)) throw new ProjectNotFoundError();
		const row = (await this.context.database('projects').select('status', 'admin_email', 'admin_password').where({ id, owner: userId }).first()) as
			{ status: string; admin_email: string | null; admin_password: string | null } | undefined;
		if (!row) throw new ProjectNotFoundError();
		if (row.status !== 'published' || !row.admin_email || !row.admin_password) throw new ProjectNotReadyError();
		return { admin_email: row.admin_email, admin_password: row.admin_password };
	}

	/** `GET /projects/{id}/credentials`: to the owner only, once published. */
	async credentials(userId: string, id: string): Promise<ProjectCredentials> {
		const row = await this.publishedCredentialsRow(userId, id);
		const sites = this.setup.provisioning();
		if (!sites) throw new ProjectNotReadyError();
		return { admin_email: row.admin_email, admin_password: sites.adminCredentials.reveal(id, row.admin_password) };
	}

	/** `POST /projects/{id}/rotate-password`: a new password, set on the instance, then stored. */
	async rotatePassword(userId: string, id: string): Promise<ProjectCredentials> {
		const row = await this.publishedCredentialsRow(userId, id);
		const sites = this.setup.provisioning();
		if (!sites) throw new ProjectNotReadyError();
		const password = await sites.adminCredentials.rotate(id, row.admin_email);
		this.context.logger.info(`Project ${id}: admin password rotated by its owner`);
		return { admin_email: row.admin_email, admin_password: password };
	}
}
