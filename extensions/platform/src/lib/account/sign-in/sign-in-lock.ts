/**
 * Locks an email address for a while after repeated failed sign-ins. The counter is keyed by the
 * address typed, whether or not an account has it, so a lock answers the same for a known and an
 * unknown address and cannot be used to find out which exist. It replaces Directus's own lock
 * (`auth_login_attempts`, turned off by migration G), which suspends the account until staff
 * reactivate it: anyone could have shut any customer out for good by mistyping their password.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AccountLockedError } from '../../errors.ts';

const keyOf = (email: unknown): string | null => (typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null);

export class SignInLock {
	readonly #failures: RateLimiterAbstract;
	readonly #attempts: number;

	constructor(failures: RateLimiterAbstract, attempts: number) {
		this.#failures = failures;
		this.#attempts = attempts;
	}

	/** Throws `ACCOUNT_LOCKED` when the address has used up its failed attempts. */
	async assertOpen(email: unknown): Promise<void> {
		const state = await this.#lockedState(email);
		if (state) throw new AccountLockedError({ minutes: Math.max(1, Math.ceil(state.msBeforeNext / 60_000)) });
	}

	async isLocked(email: unknown): Promise<boolean> {
		return (await this.#lockedState(email)) !== null;
	}

	async #lockedState(email: unknown): Promise<RateLimiterRes | null> {
		const key = keyOf(email);
		if (!key) return null;
		const state = await this.#failures.get(key);
		return state && state.consumedPoints >= this.#attempts ? state : null;
	}

	async recordFailure(email: unknown): Promise<void> {
		const key = keyOf(email);
		// Past the limit consume() rejects with the counter's state: that is the lock, not a failure.
		if (!key) return;
		await this.#failures.consume(key).catch((rejection: unknown) => {
			if (!(rejection instanceof RateLimiterRes)) throw rejection;
		});
	}

	async recordSuccess(email: unknown): Promise<void> {
		const key = keyOf(email);
		if (key) await this.#failures.delete(key);
	}
}
