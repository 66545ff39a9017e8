import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { SignInLock } from './sign-in-lock.ts';

const lockOf = (attempts: number) => new SignInLock(new RateLimiterMemory({ points: attempts, duration: 15 * 60 }), attempts);

describe('SignInLock', () => {
	it('locks an address after its failed attempts, whatever its case and spacing', async () => {
		const lock = lockOf(3);
		for (let failure = 0; failure < 3; failure++) {
			await lock.assertOpen('Someone@Example.com');
			await lock.recordFailure(failure % 2 ? ' someone@example.com ' : 'SOMEONE@example.com');
		}
		await expect(lock.assertOpen('someone@example.com')).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED', status: 429, extensions: { minutes: 15 } });
		await expect(lock.assertOpen('other@example.com')).resolves.toBeUndefined();
	});

	it('forgets the failures after a successful sign-in', async () => {
		const lock = lockOf(2);
		await lock.recordFailure('a@example.com');
		await lock.recordSuccess('a@example.com');
		await lock.recordFailure('a@example.com');
		await expect(lock.assertOpen('a@example.com')).resolves.toBeUndefined();
	});

	it('keeps counting past the limit without failing', async () => {
		const lock = lockOf(1);
		await lock.recordFailure('b@example.com');
		await expect(lock.recordFailure('b@example.com')).resolves.toBeUndefined();
		await expect(lock.assertOpen('b@example.com')).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
	});

	it('ignores a missing or non-text address', async () => {
		const lock = lockOf(1);
		await lock.recordFailure(undefined);
		await lock.recordFailure(42);
		await expect(lock.assertOpen(undefined)).resolves.toBeUndefined();
	});
});
