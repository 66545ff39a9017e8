/**
 * The site gate (runtime/site-gate.ts) as a child process on the tests' manager, beside a swarm
 * runtime, as docker-stack.yml runs it on the platform node: with the runtime's own variables, on
 * the runtime's gate address and port.
 */
import type { TestRuntime } from '../test-runtime.ts';
import { startPlatformProcess, type PlatformProcess } from './platform-process.ts';

/** Starts a site gate beside `runtime` (a swarm runtime keeping its records in a state database). */
export function startSiteGate(runtime: TestRuntime): Promise<PlatformProcess> {
	const env: Record<string, string> = {
		RUNTIME_SECRET: runtime.secret,
		INSTANCE_DB_CLIENT: 'pg',
		INSTANCE_PG_URL: runtime.options.pgUrl ?? '',
		...runtime.options.env,
	};
	return startPlatformProcess('site gate', 'site-gate.ts', env, 'site gate on ');
}
