/**
 * Boots a journey stack (tests/support/journey-stack.ts): a runtime, then a control plane behind
 * its router. Free of vitest's test API, so a global setup can boot one per worker
 * (tests/setup/journey-stacks.global.ts) as a file boots its own.
 */
import { freeLoopbackPort } from '@epic/node-support/free-port';
import type { LocalRuntimeDriver } from '../../extensions/platform/src/lib/runtime-driver/local-runtime-driver.ts';
import { bootTestControlPlane, handleData, type ControlPlaneHandle, type RunningTestControlPlane, type TestDatabaseClient } from './test-control-plane.ts';
import { TestRuntime } from './test-runtime.ts';

/** What a test file uses of a journey stack, whichever process runs it. */
export interface JourneyStackView {
	runtime: { routerUrl: string; routerPort: number; driver: LocalRuntimeDriver; dataDir: string };
	controlPlane: ControlPlaneHandle;
}

export interface JourneyStack extends JourneyStackView {
	runtime: TestRuntime;
	controlPlane: RunningTestControlPlane;
	stop(): Promise<void>;
}

/** What crosses from the global setup to the files (vitest's `provide`): data only. */
export interface JourneyStackHandle {
	controlPlane: ControlPlaneHandle;
	runtime: { apiUrl: string; secret: string; routerPort: number; dataDir: string };
}

/** Boots the runtime, then the control plane behind its router; `env` adds to the control plane's environment. */
export async function bootJourneyStack(database: TestDatabaseClient, label: string, env: Record<string, string> = {}): Promise<JourneyStack> {
	const controlPlanePort = await freeLoopbackPort();
	// The sites' mail lands in the control plane's mail catcher, as under `npm start`.
	const smtpPort = await freeLoopbackPort();
	const runtime = new TestRuntime({
		db: database,
		warmPoolSize: 1,
		controlPlaneUrl: `http://127.0.0.1:${controlPlanePort}`,
		siteMailSmtpUrl: `smtp://127.0.0.1:${smtpPort}`,
	});
	await runtime.start();
	let controlPlane: RunningTestControlPlane;
	try {
		controlPlane = await bootTestControlPlane(database, {
			label,
			env: {
				PORT: String(controlPlanePort),
				PUBLIC_URL: runtime.routerUrl,
				PUBLIC_HOST: 'localhost',
				RUNTIME_URL: runtime.apiUrl,
				RUNTIME_SECRET: runtime.secret,
				MAIL_CATCHER_SMTP_PORT: String(smtpPort),
				...env,
			},
		});
	} catch (error) {
		// The caller gets no stack to stop: the runtime (and its warm site) must not outlive the failure.
		await runtime.destroy();
		throw error;
	}
	const stop = async () => {
		await controlPlane.stop();
		await runtime.destroy();
	};
	try {
		await runtime.waitForPool(1);
	} catch (error) {
		await stop();
		throw error;
	}
	return { runtime, controlPlane, stop };
}

export const journeyStackHandle = (stack: JourneyStack): JourneyStackHandle => ({
	controlPlane: handleData(stack.controlPlane),
	runtime: { apiUrl: stack.runtime.apiUrl, secret: stack.runtime.secret, routerPort: stack.runtime.routerPort, dataDir: stack.runtime.dataDir },
});
