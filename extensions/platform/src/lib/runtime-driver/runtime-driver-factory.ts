/**
 * The runtime driver from the environment Directus was started with (`npm start` sets these): the
 * runtime's management API at `RUNTIME_URL`, with its secret. (`RUNTIME_DRIVER` is the runtime's
 * own setting, how it runs sites; the control plane does not read it.)
 */
import { z } from 'zod';
import { LocalRuntimeDriver } from './local-runtime-driver.ts';
import type { RuntimeDriver } from './runtime-driver.ts';
import { parseEnvConfig } from '../env-config.ts';

const RuntimeDriverEnv = z.object({
	RUNTIME_URL: z.url(),
	RUNTIME_SECRET: z.string().min(32),
});

/**
 * Null when no runtime is configured (the control plane alone, e.g. its own test suite). Calls
 * have the driver's default bound (it allows for slow instance creations); a use that needs
 * another asks `withTimeout`.
 */
export function createRuntimeDriver(env: Record<string, unknown>): RuntimeDriver | null {
	if (!env['RUNTIME_URL']) return null;
	const config = parseEnvConfig(RuntimeDriverEnv, env, 'runtime driver');
	return new LocalRuntimeDriver({ url: config.RUNTIME_URL, secret: config.RUNTIME_SECRET });
}
