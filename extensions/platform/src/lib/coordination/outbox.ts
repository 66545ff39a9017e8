/**
 * What the platform owes a customer for an event (an email, a notification), each delivered once
 * whichever replicas saw the event (docs/operations.md, Replicas). An effect is written first, under
 * a key naming the event it tells of (`billing:sub_1:payment_failed:1764325000000:email`), before
 * the change it tells of is saved; then it is delivered and marked sent. A second replica writing
 * the same key finds it there and delivers nothing. One whose deliverer died (claimed, never
 * marked) or whose delivery failed is delivered by the outbox job on the schedule, up to
 * MAX_ATTEMPTS times; a deliverer killed after the mail server took the message and before it was
 * marked sent is the one case of a second copy.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '../database/unique-violation.ts';

const OUTBOX = 'outbox';

export const MAX_ATTEMPTS = 5;
/** A delivery takes seconds at most (an SMTP exchange); a claim this old belongs to a process that died. */
export const CLAIM_EXPIRES_MS = 2 * 60_000;
/** Left to the process that wrote it this long, before the job takes an effect up. */
export const RETRY_AFTER_MS = 30_000;
/** Delivered effects are kept this long (a late duplicate of the event still finds its key). */
export const KEEP_DELIVERED_MS = 30 * 24 * 60 * 60_000;
/** Effects the job takes up per run. */
const BATCH = 100;

export type DeliveryOutcome = 'delivered' | 'not-owed' | 'failed';

export interface OutboxOptions<E> {
	database: Knex;
	deliver: (effect: E) => Promise<void>;
	/** The customer an effect is for, stored beside it so their account's deletion erases it. */
	recipientOf?: (effect: E) => string | null;
	logger: { error(message: string): void };
	now?: () => Date;
}

export class Outbox<E> {
	readonly #database: Knex;
	readonly #deliver: (effect: E) => Promise<void>;
	readonly #recipientOf: (effect: E) => string | null;
	readonly #logger: { error(message: string): void };
	readonly #now: () => Date;

	constructor(options: OutboxOptions<E>) {
		this.#database = options.database;
		this.#deliver = options.deliver;
		this.#recipientOf = options.recipientOf ?? (() => null);
		this.#logger = options.logger;
		this.#now = options.now ?? (() => new Date());
	}

	/**
	 * Writes the effect under `key` unless it is there already; true when this call wrote it.
	 * `within`: the transaction that saves the change the effect tells of, so both or neither stay.
	 */
	async enqueue(key: string, effect: E, within: Knex = this.#database): Promise<boolean> {
		try {
			await within(OUTBOX).insert({ key, recipient: this.#recipientOf(effect), effect: JSON.stringify(effect), state: 'pending', attempts: 0, created_at: this.#now().getTime() });
			return true;
		} catch (error) {
			if (isUniqueViolation(error)) return false;
			throw error;
		}
	}

	/**
	 * Delivers the effect under `key` if it is still owed and nobody else is delivering it. Never
	 * throws: a failure is logged and recorded, and the job tries again.
	 */
	async deliver(key: string): Promise<DeliveryOutcome> {
		const holder = randomUUID();
		let effect: E;
		try {
			const at = this.#now().getTime();
			const claimed = await this.#database(OUTBOX)
				.where({ key })
				.andWhere((owed) => owed.where({ state: 'pending' }).orWhere((abandoned) => abandoned.where({ state: 'sending' }).andWhere('claimed_at', '<', at - CLAIM_EXPIRES_MS)))
				.update({ state: 'sending', holder, claimed_at: at, attempts: this.#database.raw('attempts + 1') });
			if (claimed !== 1) return 'not-owed';
			const row = (await this.#database(OUTBOX).where({ key, holder }).first('effect')) as { effect: string } | undefined;
			if (!row) return 'not-owed';
			effect = JSON.parse(row.effect) as E;
		} catch (error) {
			this.#logger.error(`Outbox: ${key} could not be claimed: ${(error as Error).message}`);
			return 'failed';
		}
		try {
			await this.#deliver(effect);
		} catch (error) {
			const message = (error as Error).message;
			this.#logger.error(`Outbox: delivering ${key} failed: ${message}`);
			await this.#database(OUTBOX)
				.where({ key, holder })
				.update({ state: this.#database.raw(`case when attempts >= ? then 'failed' else 'pending' end`, [MAX_ATTEMPTS]), holder: null, error: message })
				.catch((failure: Error) => this.#logger.error(`Outbox: recording the failure of ${key} failed: ${failure.message}`));
			return 'failed';
		}
		await this.#database(OUTBOX)
			.where({ key, holder })
			.update({ state: 'sent', holder: null, sent_at: this.#now().getTime(), error: null })
			.catch((failure: Error) => this.#logger.error(`Outbox: ${key} was delivered but not marked: ${failure.message}`));
		return 'delivered';
	}

	/**
	 * For the schedule: delivers what is still owed (left by a process that died, or failed before),
	 * and deletes what was delivered long ago. Returns how many were delivered.
	 */
	async deliverOwed(): Promise<number> {
		const at = this.#now().getTime();
		const keys = (await this.#database(OUTBOX)
			.where((owed) =>
				owed
					.where((pending) => pending.where({ state: 'pending' }).andWhere('created_at', '<', at - RETRY_AFTER_MS))
					.orWhere((abandoned) => abandoned.where({ state: 'sending' }).andWhere('claimed_at', '<', at - CLAIM_EXPIRES_MS)),
			)
			.orderBy('created_at')
			.limit(BATCH)
			.pluck('key')) as string[];
		let delivered = 0;
		for (const key of keys) if ((await this.deliver(key)) === 'delivered') delivered++;
		await this.#database(OUTBOX)
			.where({ state: 'sent' })
			.andWhere('created_at', '<', at - KEEP_DELIVERED_MS)
			.delete();
		return delivered;
	}
}
