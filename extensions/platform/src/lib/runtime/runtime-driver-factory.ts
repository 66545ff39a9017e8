/**
 * Picks the runtime driver from the environment Directus was started with (`npm start` and the
 * compose file set these). Only `local` exists today; a planned `kubernetes` driver would plug in here.
 */
import { z } from 'zod';
import { LocalRuntimeDriver } from './local-runtime-driver.ts';
import type { RuntimeDriver } from './runtime-driver.ts';
import { parseEnvConfig } from '../env-config.ts';

const RuntimeDriverEnv = z.object({
	RUNTIME_DRIVER: z.literal('local'),
	RUNTIME_URL: z.url(),
	RUNTIME_SECRET: z.string().min(32),
});

/**
 * The driver, read from the environment on first use rather than at start, as provisioning does: a
 * wrong runtime setting must not take down the routes that need no runtime.
 */
export function lazyRuntimeDriver(env: Record<string, unknown>, options: { timeoutMs?: number } = {}): () => RuntimeDriver | null {
	let driver: RuntimeDriver | null | undefined;
	return () => (driver === undefined ? (driver = createRuntimeDriver(env, options)) : driver);
}

/**
 * Null when no runtime is configured (the control plane alone, e.g. its own test suite).
 * `timeoutMs` bounds each call (the driver's default allows for slow instance creations).
 */
export function createRuntimeDriver(env: Record<string, unknown>, options: { timeoutMs?: number } = {}): RuntimeDriver | null {
	if (!env['RUNTIME_DRIVER']) return null;
	const config = parseEnvConfig(RuntimeDriverEnv, env, 'runtime driver');
	return new LocalRuntimeDriver({ url: config.RUNTIME_URL, secret: config.RUNTIME_SECRET, ...options });
}
