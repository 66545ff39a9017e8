import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_EXPIRES_MS, KEEP_DELIVERED_MS, MAX_ATTEMPTS, Outbox, RETRY_AFTER_MS } from './outbox.ts';
import { twoReplicas, type TwoReplicas } from './testing.ts';

type Mail = { to: string; subject: string };

let replicas: TwoReplicas;
let first: Knex;
let second: Knex;
let clock: number;
const now = () => new Date(clock);
const logger = { error: vi.fn() };

beforeEach(async () => {
	replicas = await twoReplicas();
	({ first, second } = replicas);
	clock = Date.UTC(2026, 10, 28, 10, 0, 0);
	logger.error.mockClear();
});

afterEach(async () => {
	await replicas.close();
});

const mail: Mail = { to: 'owner@example.com', subject: 'Your payment failed' };

function outboxOn(database: Knex, deliver: (effect: Mail) => Promise<void>) {
	return new Outbox<Mail>({ database, deliver, logger, now });
}

const stateOf = async (key: string) => (await first('outbox').where({ key }).first('state', 'attempts', 'error')) as { state: string; attempts: number; error: string | null };

describe('Outbox', () => {
	it('delivers an effect once when two replicas saw the same event', async () => {
		const delivered: Mail[] = [];
		const a = outboxOn(first, async (effect) => void delivered.push(effect));
		const b = outboxOn(second, async (effect) => void delivered.push(effect));
		const written = await Promise.all([a.enqueue('billing:sub_1:payment_failed:1:email', mail), b.enqueue('billing:sub_1:payment_failed:1:email', mail)]);
		expect(written.sort()).toEqual([false, true]);
		const outcomes = await Promise.all([a.deliver('billing:sub_1:payment_failed:1:email'), b.deliver('billing:sub_1:payment_failed:1:email')]);
		expect(outcomes.sort()).toEqual(['delivered', 'not-owed']);
		expect(delivered).toEqual([mail]);
		expect(await a.deliver('billing:sub_1:payment_failed:1:email')).toBe('not-owed');
		expect(await stateOf('billing:sub_1:payment_failed:1:email')).toMatchObject({ state: 'sent', attempts: 1 });
	});

	it('leaves a fresh effect to the replica that wrote it, and delivers one left by a replica that died', async () => {
		const delivered: Mail[] = [];
		const survivor = outboxOn(second, async (effect) => void delivered.push(effect));
		// Written, then the writer died before delivering.
		await outboxOn(first, async () => {}).enqueue('project:p1:ready:notification', mail);
		expect(await survivor.deliverOwed()).toBe(0);
		clock += RETRY_AFTER_MS + 1;
		expect(await survivor.deliverOwed()).toBe(1);
		expect(delivered).toEqual([mail]);
	});

	it('takes over a delivery claimed by a replica that died only once the claim expires', async () => {
		const delivered: Mail[] = [];
		await first('outbox').insert({ key: 'k', effect: JSON.stringify(mail), state: 'sending', attempts: 1, holder: 'dead', created_at: clock, claimed_at: clock });
		const survivor = outboxOn(second, async (effect) => void delivered.push(effect));
		clock += RETRY_AFTER_MS + 1;
		expect(await survivor.deliverOwed()).toBe(0);
		clock += CLAIM_EXPIRES_MS;
		expect(await survivor.deliverOwed()).toBe(1);
		expect(delivered).toEqual([mail]);
	});

	it('records a failed delivery, retries it on the schedule, and gives up after the last attempt', async () => {
		let attempts = 0;
		const outbox = outboxOn(first, async () => {
			attempts++;
			throw new Error('SMTP 451 try later');
		});
		await outbox.enqueue('k', mail);
		expect(await outbox.deliver('k')).toBe('failed');
		expect(await stateOf('k')).toEqual({ state: 'pending', attempts: 1, error: 'SMTP 451 try later' });
		for (let run = 0; run < MAX_ATTEMPTS + 2; run++) {
			clock += RETRY_AFTER_MS + 1;
			await outbox.deliverOwed();
		}
		expect(attempts).toBe(MAX_ATTEMPTS);
		expect(await stateOf('k')).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
		expect(logger.error).toHaveBeenCalledWith('Outbox: delivering k failed: SMTP 451 try later');
	});

	it('keeps the customer an effect is for beside it, so erasing the customer can find it', async () => {
		const outbox = new Outbox<Mail>({ database: first, deliver: async () => {}, recipientOf: (effect) => effect.to, logger, now });
		await outbox.enqueue('k', mail);
		expect(await first('outbox').where({ recipient: 'owner@example.com' }).pluck('key')).toEqual(['k']);
	});

	it('forgets delivered effects after the keeping period, not before', async () => {
		const outbox = outboxOn(first, async () => {});
		await outbox.enqueue('old', mail);
		await outbox.deliver('old');
		clock += KEEP_DELIVERED_MS - 1000;
		await outbox.deliverOwed();
		expect(await outbox.enqueue('old', mail)).toBe(false);
		clock += 2000;
		await outbox.deliverOwed();
		expect(await stateOf('old')).toBeUndefined();
	});
});
