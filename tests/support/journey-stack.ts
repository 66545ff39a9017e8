/**
 * A runtime with its own control plane behind the runtime's router, as `npm start` runs them: the
 * router's port serves the portal and every site, so a project's URLs (built from PUBLIC_URL's
 * port under PUBLIC_HOST=localhost) are `http://{subdomain}.localhost:{router port}`, which
 * Chromium resolves to loopback by itself. The `api` helpers talk to this control plane.
 */
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { controlPlane as workerControlPlane, useOwnControlPlane } from './api.ts';
import { bootTestControlPlane, type RunningTestControlPlane } from './test-control-plane.ts';
import { TestRuntime } from './test-runtime.ts';

export interface JourneyStack {
	runtime: TestRuntime;
	controlPlane: RunningTestControlPlane;
	stop(): Promise<void>;
}

/** `env` adds to the control plane's environment (e.g. the DNS settings of a custom-domain test). */
export async function startJourneyStack(label: string, env: Record<string, string> = {}): Promise<JourneyStack> {
	const database = workerControlPlane().db;
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
	const { stop: _stop, kill9: _kill9, restart: _restart, ...handle } = controlPlane;
	useOwnControlPlane(handle);
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
