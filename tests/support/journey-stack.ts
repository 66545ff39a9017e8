/**
 * A runtime with its own control plane behind the runtime's router, as `npm start` runs them: the
 * router's port serves the portal and every site, so a project's URLs (built from PUBLIC_URL's
 * port under PUBLIC_HOST=localhost) are `http://{subdomain}.localhost:{router port}`, which
 * Chromium resolves to loopback by itself. The `api` helpers talk to this control plane.
 *
 * The browser and integration-sqlite projects boot one per vitest worker
 * (tests/setup/journey-stacks.global.ts), which their files take with `workerJourneyStack()`; a
 * file whose control plane or runtime needs settings of its own (the customer journey's DNS
 * server), or that stops or reads the output of either, boots its own.
 */
import { inject } from 'vitest';
import { LocalRuntimeDriver } from '../../extensions/platform/src/lib/runtime-driver/local-runtime-driver.ts';
import { controlPlane as workerControlPlane, useOwnControlPlane } from './api.ts';
import { bootJourneyStack, type JourneyStack, type JourneyStackView } from './journey-stack-boot.ts';
import { handleData } from './test-control-plane.ts';

export type { JourneyStack } from './journey-stack-boot.ts';

/** A stack of the file's own, on the worker control plane's database; the `api` helpers talk to it. */
export async function startJourneyStack(label: string, env: Record<string, string> = {}): Promise<JourneyStack> {
	const stack = await bootJourneyStack(workerControlPlane().db, label, env);
	useOwnControlPlane(handleData(stack.controlPlane));
	return stack;
}

export interface WorkerJourneyStack extends JourneyStackView {
	/**
	 * Stops every project's site the stack runs, for the file's end: the next file on this worker
	 * gets the stack without them (their records and folders stay; no test of another file reads them).
	 */
	stopSites(): Promise<void>;
}

/** This worker's stack (one file at a time holds it); the `api` helpers talk to its control plane. */
export function workerJourneyStack(): WorkerJourneyStack {
	const workerId = Number(process.env['VITEST_POOL_ID']);
	const handle = (inject('journeyStacks') ?? [])[workerId - 1];
	if (!handle) throw new Error(`No journey stack for vitest worker ${workerId}: is this file in a project whose globalSetup is tests/setup/journey-stacks.global.ts?`);
	useOwnControlPlane(handle.controlPlane);
	const driver = new LocalRuntimeDriver({ url: handle.runtime.apiUrl, secret: handle.runtime.secret });
	const routerPort = handle.runtime.routerPort;
	return {
		controlPlane: handle.controlPlane,
		runtime: { routerUrl: `http://127.0.0.1:${routerPort}`, routerPort, driver, dataDir: handle.runtime.dataDir },
		stopSites: async () => {
			for (const instance of await driver.listInstances()) if (instance.state !== 'stopped') await driver.stopInstance(instance.projectId);
		},
	};
}
