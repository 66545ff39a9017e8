import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { twoReplicas, type TwoReplicas } from './testing.ts';
import { LEASE_MS, LockBusyError, ReplicaMutex } from './replica-mutex.ts';

let replicas: TwoReplicas;
let first: Knex;
let second: Knex;

beforeEach(async () => {
	replicas = await twoReplicas();
	({ first, second } = replicas);
});

afterEach(async () => {
	await replicas.close();
});

/** A promise and the function that resolves it: lets a test hold a lock as long as it needs. */
function gate() {
	let open!: () => void;
	const opened = new Promise<void>((resolve) => (open = resolve));
	return { open, opened };
}

describe('ReplicaMutex', () => {
	it('runs the work of one name on one replica at a time, the other waiting its turn', async () => {
		const order: string[] = [];
		const hold = gate();
		const started = gate();
		const a = new ReplicaMutex(first).run('avatar:u1', async () => {
			order.push('a starts');
			started.open();
			await hold.opened;
			order.push('a ends');
		});
		await started.opened;
		const b = new ReplicaMutex(second).run('avatar:u1', async () => {
			order.push('b runs');
		});
		// Another name is not held up.
		await new ReplicaMutex(second).run('avatar:u2', async () => {
			order.push('other name');
		});
		hold.open();
		await Promise.all([a, b]);
		expect(order).toEqual(['a starts', 'other name', 'a ends', 'b runs']);
		expect(await first('coordination_leases').count({ n: '*' }).first()).toEqual({ n: 0 });
	});

	it('refuses at once with tryRun while another replica holds the name', async () => {
		const hold = gate();
		const started = gate();
		const holding = new ReplicaMutex(first).tryRun('backup:p1', async () => {
			started.open();
			await hold.opened;
			return 'done';
		});
		await started.opened;
		expect(await new ReplicaMutex(second).tryRun('backup:p1', async () => 'twice')).toEqual({ ran: false });
		hold.open();
		expect(await holding).toEqual({ ran: true, value: 'done' });
		expect(await new ReplicaMutex(second).tryRun('backup:p1', async () => 'after')).toEqual({ ran: true, value: 'after' });
	});

	it('takes over the lock of a replica that died once it expires, and gives up waiting on a live one', async () => {
		let clock = Date.UTC(2026, 10, 28, 10, 0, 0);
		const now = () => new Date(clock);
		const sleep = async (ms: number) => {
			clock += ms;
		};
		// A holder that died: its row stays, never renewed.
		await first('coordination_leases').insert({ name: 'subscription:s1', holder: 'dead-replica', lease_until: clock + LEASE_MS });
		await expect(new ReplicaMutex(second, { now, sleep }).run('subscription:s1', async () => 'never', 1000)).rejects.toBeInstanceOf(LockBusyError);
		expect(await new ReplicaMutex(second, { now, sleep }).run('subscription:s1', async () => 'taken over')).toBe('taken over');
	});

	it('lets go of the name when the work fails', async () => {
		await expect(
			new ReplicaMutex(first).run('avatar:u1', async () => {
				throw new Error('upload failed');
			}),
		).rejects.toThrow('upload failed');
		expect(await new ReplicaMutex(second).tryRun('avatar:u1', async () => 'free')).toEqual({ ran: true, value: 'free' });
	});
});
