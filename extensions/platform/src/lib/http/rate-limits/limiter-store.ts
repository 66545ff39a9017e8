/**
 * Counters for the platform's own limits (sign-in, password reset, account lock, email change):
 * in memory by default, in Redis when `REDIS` is set, so several control-plane processes share
 * them. Should Redis become unreachable, each process counts in memory until it is back
 * (rate-limiter-flexible's insurance limiter) rather than letting everything through or refusing
 * every sign-in.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimiterOptions {
	keyPrefix: string;
	points: number;
	/** Seconds. */
	duration: number;
	/** Seconds a key stays refused once its points are spent; default: until the window ends. */
	blockDuration?: number;
}

export class LimiterStore {
	readonly #redis: Redis | null;

	constructor(redisUrl: string | undefined, onRedisError: (error: Error) => void) {
		// Commands wait for the connection (the first sign-in after start-up comes while it is being
		// made) and fail after one retry once it is lost, which hands them to the insurance limiter.
		this.#redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
		// ioredis reports a lost connection as an 'error' event; unhandled, it would end the process.
		this.#redis?.on('error', onRedisError);
	}

	limiter(options: LimiterOptions): RateLimiterAbstract {
		const memory = new RateLimiterMemory({ ...options, keyPrefix: `epic-${options.keyPrefix}` });
		if (!this.#redis) return memory;
		return new RateLimiterRedis({ ...options, keyPrefix: `epic-${options.keyPrefix}`, storeClient: this.#redis, insuranceLimiter: memory });
	}
}
