/**
 * vitest global setup of the browser and integration-sqlite projects: one journey stack (a runtime
 * with a control plane behind its router, tests/support/journey-stack-boot.ts) per vitest worker,
 * on the project's database (TEST_DB), stopped when the run ends. The files that need a runtime
 * and a control plane, and no settings of their own in either, take their worker's with
 * `workerJourneyStack()` instead of booting one each: a boot is about 25 s of one core (the
 * runtime, its warm site, the control plane), which twelve files repeated. As with the worker
 * control planes (control-plane.global.ts), the worker id keeps two running files off one stack.
 */
import type { TestProject } from 'vitest/node';
import type { TestDatabaseClient } from '../support/test-control-plane.ts';
import { bootOnePerWorker } from './one-per-worker.ts';
import { bootJourneyStack, journeyStackHandle, type JourneyStackHandle } from '../support/journey-stack-boot.ts';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Index i serves the worker whose VITEST_POOL_ID is i + 1. */
		journeyStacks: JourneyStackHandle[];
	}
}

export default async function setup(project: TestProject) {
	const db = (project.config.env?.['TEST_DB'] ?? 'sqlite3') as TestDatabaseClient;
	const workers = project.config.maxWorkers;
	const { running, stopAll } = await bootOnePerWorker(
		workers,
		(index) => bootJourneyStack(db, `journey-worker-${index + 1}`),
		(stack) => stack.stop(),
	);
	project.provide('journeyStacks', running.map(journeyStackHandle));
	console.log(`[${project.name}] ${workers} journey stack(s), routers at ${running.map((stack) => stack.runtime.routerUrl).join(', ')}`);
	return stopAll;
}
