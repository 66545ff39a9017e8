/**
 * Which custom domains the runtime routes (docs/product.md, Domains API): a project's domain is routed
 * once a DNS check finds it pointing at `PUBLIC_IP` with the project's proof record (its TXT
 * value), and stays routed until it is changed, removed, or fails the re-checks long enough
 * (domain-check-policy.ts). Several projects may claim one domain; the one that proves it takes
 * it, and every other claim is dropped, its owner told (domain_claimed_elsewhere). The state lives in the project's row
 * (`domain_verified_at`, `domain_failures`, `domain_failing_since`); the runtime is told through
 * the driver, and its site's PUBLIC_URL follows the routed domain. The owner is notified when the
 * domain starts and stops being served, and emailed when it stops: recorded in the outbox with the
 * state that calls for it (one transaction), so each is delivered once, whichever replica checked.
 */
import type { Knex } from 'knex';
import { fromDbTimestamp, toDbTimestamp } from '../../database/db-values.ts';
import type { CustomerEffect, OwedEffect } from '../../coordination/customer-effects.ts';
import type { Outbox } from '../../coordination/outbox.ts';
import type { RenderedEmail } from '../../email/render-email.ts';
import type { NewNotification } from '../../notifications/notify.ts';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import type { DnsVerification } from '../dns-verifier.ts';
import { domainProofValue } from '../ownership/domain-proof.ts';
import { afterDomainCheck, type DomainCheckState, type DomainRoutingAction } from './domain-check-policy.ts';

/** Projects with an instance the runtime keeps (routing a domain of any other has no target yet). */
const INSTANCE_STATUSES = ['published', 'suspended'];

export interface DomainRow {
	id: string;
	owner: string | null;
	name: string;
	domain: string | null;
	status: string;
	domain_verified_at: unknown;
	domain_failures: number | null;
	domain_failing_since: unknown;
	domain_token: string | null;
}

export interface UnroutedDomain {
	projectId: string;
	projectName: string;
	owner: string;
	domain: string;
}

export interface DomainRoutingOptions {
	database: Knex;
	driver: RuntimeDriver;
	/** The A record and the proof record holding `proofValue` (DnsVerifier.verifyOwnership). */
	verify: (domain: string, proofValue: string | null) => Promise<DnsVerification>;
	/** The email telling the owner their domain is no longer routed; null when there is nobody to tell. */
	unroutedEmail: (unrouted: UnroutedDomain) => Promise<{ to: string; email: RenderedEmail } | null>;
	/** Where the owner's notifications and emails are recorded with the change they tell of, then delivered. */
	outbox: Pick<Outbox<CustomerEffect>, 'enqueue' | 'deliver'>;
	now: () => Date;
	logger: { info(message: string): void; error(message: string): void };
}

export interface RecheckSummary {
	checked: number;
	verified: number;
	routed: string[];
	unrouted: string[];
	failing: string[];
}

/** The verification columns of a domain nobody has checked yet: saved with every new domain. */
export const UNCHECKED_DOMAIN_COLUMNS = { domain_verified_at: null, domain_failures: 0, domain_failing_since: null } as const;

const COLUMNS = ['id', 'owner', 'name', 'domain', 'status', 'domain_verified_at', 'domain_failures', 'domain_failing_since', 'domain_token'];

function stateOf(row: DomainRow): DomainCheckState {
	const date = (value: unknown) => {
		const iso = fromDbTimestamp(value);
		return iso ? new Date(iso) : null;
	};
	return { verifiedAt: date(row.domain_verified_at), failures: row.domain_failures ?? 0, failingSince: date(row.domain_failing_since) };
}

export class DomainRouting {
	readonly #options: DomainRoutingOptions;

	constructor(options: DomainRoutingOptions) {
		this.#options = options;
	}

	/** A check of the project's current domain, by its owner: routes it when it points here. */
	async recordCheck(projectId: string, domain: string, verification: DnsVerification): Promise<DomainRoutingAction> {
		const row = await this.#row(projectId);
		if (!row || row.domain !== domain) return 'none';
		return this.#apply(row, verification.verified);
	}

	/**
	 * Before a project's domain is changed or removed: the runtime stops routing the old one. The
	 * caller then saves the new domain with `UNCHECKED_DOMAIN_COLUMNS`; if the runtime cannot be
	 * told, the change is refused and nothing changes.
	 */
	async releaseDomain(projectId: string): Promise<void> {
		const row = await this.#row(projectId);
		if (row && INSTANCE_STATUSES.includes(row.status) && stateOf(row).verifiedAt) await this.#options.driver.setCustomDomains(projectId, []);
	}

	/** The domains a newly provisioned instance should answer on (a domain verified before publishing). */
	async routedDomainsOf(projectId: string): Promise<string[]> {
		const row = await this.#row(projectId);
		return row?.domain && stateOf(row).verifiedAt ? [row.domain] : [];
	}

	/**
	 * Checks every project's custom domain (or only the given projects'): unverified ones are routed
	 * once they point here, routed ones count their failures. A failure of one project's check or
	 * routing is logged and does not stop the others.
	 */
	async recheck(projectIds?: string[]): Promise<RecheckSummary> {
		const query = this.#options.database('projects').select(COLUMNS).whereNotNull('domain');
		if (projectIds) query.whereIn('id', projectIds);
		const rows = (await query) as DomainRow[];
		const summary: RecheckSummary = { checked: 0, verified: 0, routed: [], unrouted: [], failing: [] };
		for (const row of rows) {
			try {
				const verification = await this.#options.verify(row.domain!, domainProofValue(row.domain_token));
				summary.checked++;
				if (verification.verified) summary.verified++;
				const action = await this.#apply(row, verification.verified);
				if (action === 'route') summary.routed.push(row.domain!);
				if (action === 'unroute') summary.unrouted.push(row.domain!);
				if (action === 'none' && !verification.verified && stateOf(row).verifiedAt) summary.failing.push(row.domain!);
			} catch (error) {
				this.#options.logger.error(`Re-checking the domain of project ${row.id}: ${(error as Error).message}`);
			}
		}
		return summary;
	}

	/**
	 * The runtime is told first and the row saved after: a routing call that fails leaves the row as
	 * it was, so the next check does it again (both calls are idempotent).
	 */
	async #apply(row: DomainRow, verified: boolean): Promise<DomainRoutingAction> {
		const { driver, logger } = this.#options;
		const { state, action } = afterDomainCheck(stateOf(row), verified, this.#options.now());
		const hasInstance = INSTANCE_STATUSES.includes(row.status);
		// The prover takes the domain: other claims go first, since the runtime serves a host once.
		if (verified) await this.#dropOtherClaims(row);
		// Every successful check (re)states the route, so a route the runtime lost comes back.
		if (verified && hasInstance) await driver.setCustomDomains(row.id, [row.domain!]);
		if (action === 'unroute' && hasInstance) await driver.setCustomDomains(row.id, []);
		const owed = await this.#owedFor(row, action);
		// Only if the domain is still the one checked: a change in between starts afresh.
		const saved = await this.#save(row, state, owed);
		// The domain changed meanwhile: what this check routed is not the project's any more.
		if (saved === 'domain-changed' && verified && hasInstance) await driver.setCustomDomains(row.id, []);
		// Another check of the same domain saved first (the scheduled and the manual re-check, say):
		// it routed the same way and told the owner; this one tells nobody again.
		if (saved !== 'saved') return 'none';
		if (action === 'route') logger.info(`Project ${row.id}: ${row.domain} verified and routed`);
		if (action === 'unroute') logger.info(`Project ${row.id}: ${row.domain} failed its checks for a day and is no longer routed`);
		for (const { key } of owed) await this.#options.outbox.deliver(key);
		return action;
	}

	/**
	 * What a routing change owes the owner: the notification, and for a domain no longer routed the
	 * email. Only the check whose conditional save wins records them (#save), so the key only has to
	 * tell this change from the project's others: its time.
	 */
	async #owedFor(row: DomainRow, action: DomainRoutingAction): Promise<OwedEffect[]> {
		if (action === 'none' || !row.owner) return [];
		const key = `domain:${row.id}:${action}:${row.domain}:${this.#options.now().getTime()}`;
		const kind = action === 'route' ? 'domain_verified' : 'domain_lost';
		const notification: NewNotification = { user: row.owner, kind, project: row.id, params: { project_name: row.name, domain: row.domain! } };
		const owed: OwedEffect[] = [{ key: `${key}:notification`, effect: { type: 'notification', notification } }];
		if (action !== 'unroute') return owed;
		try {
			const email = await this.#options.unroutedEmail({ projectId: row.id, projectName: row.name, owner: row.owner, domain: row.domain! });
			if (email) owed.push({ key: `${key}:email`, effect: { type: 'email', user: row.owner, ...email } });
		} catch (error) {
			// The email only tells of the change: one that cannot be written leaves the routing as it is.
			this.#options.logger.error(`Writing the email to the owner of project ${row.id} about ${row.domain}: ${(error as Error).message}`);
		}
		return owed;
	}

	/**
	 * Every other project that claims `prover`'s domain loses it: routed there (it proved the domain
	 * once, and DNS now holds another project's value), or only claimed (a squatter, or an old
	 * owner). Its route is removed first; then the claim, only while it is still that domain.
	 */
	async #dropOtherClaims(prover: DomainRow): Promise<void> {
		const others = (await this.#options.database('projects').select(COLUMNS).where({ domain: prover.domain }).whereNot({ id: prover.id })) as DomainRow[];
		for (const other of others) {
			if (INSTANCE_STATUSES.includes(other.status) && stateOf(other).verifiedAt) await this.#options.driver.setCustomDomains(other.id, []);
			const owed: OwedEffect[] = other.owner
				? [
						{
							key: `domain:${other.id}:claimed_elsewhere:${prover.domain}:${this.#options.now().getTime()}`,
							effect: {
								type: 'notification',
								notification: { user: other.owner, kind: 'domain_claimed_elsewhere', project: other.id, params: { project_name: other.name, domain: prover.domain! } },
							},
						},
					]
				: [];
			const dropped = await this.#options.database.transaction(async (trx) => {
				const count = await trx('projects')
					.where({ id: other.id, domain: prover.domain })
					.update({ domain: null, ...UNCHECKED_DOMAIN_COLUMNS });
				if (count) for (const { key, effect } of owed) await this.#options.outbox.enqueue(key, effect, trx);
				return count;
			});
			if (!dropped) continue;
			this.#options.logger.info(`Project ${other.id}: ${prover.domain} was proven by project ${prover.id} and is no longer claimed here`);
			for (const { key } of owed) await this.#options.outbox.deliver(key);
		}
	}

	async #row(projectId: string): Promise<DomainRow | undefined> {
		return (await this.#options.database('projects').select(COLUMNS).where({ id: projectId }).first()) as DomainRow | undefined;
	}

	/**
	 * Saves the check's state only while the project still has the domain checked and the state
	 * this check started from: of two checks that read the same row, one saves and the other learns
	 * it was 'raced', so a route, a drop or a failure is counted and announced once.
	 */
	async #save(row: DomainRow, state: DomainCheckState, owed: OwedEffect[]): Promise<'saved' | 'raced' | 'domain-changed'> {
		const db = this.#options.database;
		const updated = await db.transaction(async (trx) => {
			const count = await this.#saveState(trx, row, state);
			if (count > 0) for (const { key, effect } of owed) await this.#options.outbox.enqueue(key, effect, trx);
			return count;
		});
		if (updated > 0) return 'saved';
		const stillClaimed = await db('projects').where({ id: row.id, domain: row.domain }).first('id');
		return stillClaimed ? 'raced' : 'domain-changed';
	}

	async #saveState(db: Knex, row: DomainRow, state: DomainCheckState): Promise<number> {
		const timestamp = (date: Date | null) => (date ? toDbTimestamp(db, date) : null);
		const read = stateOf(row);
		const query = db('projects').where({ id: row.id, domain: row.domain }).whereRaw('COALESCE(domain_failures, 0) = ?', [read.failures]);
		if (read.verifiedAt) query.whereNotNull('domain_verified_at');
		else query.whereNull('domain_verified_at');
		return query.update({
			domain_verified_at: timestamp(state.verifiedAt),
			domain_failures: state.failures,
			domain_failing_since: timestamp(state.failingSince),
		});
	}
}
