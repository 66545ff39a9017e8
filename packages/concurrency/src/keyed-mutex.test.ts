import { describe, expect, it } from 'vitest';
import { KeyedMutex } from './keyed-mutex.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedMutex', () => {
	it('runs operations on one key one after another, in order, even after a failure', async () => {
		const mutex = new KeyedMutex();
		const events: string[] = [];
		const first = mutex.run('a', async () => {
			events.push('first:start');
			await tick();
			events.push('first:end');
			throw new Error('boom');
		});
		const second = mutex.run('a', async () => {
			events.push('second');
			return 2;
		});
		await expect(first).rejects.toThrow('boom');
		await expect(second).resolves.toBe(2);
		expect(events).toEqual(['first:start', 'first:end', 'second']);
	});

	it('lets different keys proceed in parallel', async () => {
		const mutex = new KeyedMutex();
		const events: string[] = [];
		await Promise.all([
			mutex.run('a', async () => {
				events.push('a:start');
				await tick();
				events.push('a:end');
			}),
			mutex.run('b', async () => {
				events.push('b');
			}),
		]);
		expect(events).toEqual(['a:start', 'b', 'a:end']);
	});
});
