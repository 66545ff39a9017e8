/**
 * A node router (runtime/node-router.ts) as a child process on the tests' manager, beside the
 * runtime: as a second manager's router would run, it reads the runtime's records from the state
 * database and locates tasks through this machine's engine.
 */
import { freeLoopbackPort } from '@epic/node-support/free-port';
import type { TestRuntime } from '../test-runtime.ts';
import { startPlatformProcess, type PlatformProcess } from './platform-process.ts';

export interface NodeRouterProcess extends PlatformProcess {
	url: string;
	/** Its scrape address, `GET /metrics`. */
	metricsUrl: string;
}

/** Starts a node router in front of `runtime`'s router and resolves once it listens. */
export async function startNodeRouter(runtime: TestRuntime): Promise<NodeRouterProcess> {
	const stateUrl = runtime.options.env?.['RUNTIME_STATE_PG_URL'];
	if (!stateUrl) throw new Error('A node router reads the records from a state database: this runtime keeps them in its data folder');
	const port = await freeLoopbackPort();
	const metricsPort = await freeLoopbackPort();
	const env = {
		NODE_ROUTER_PORT: String(port),
		NODE_ROUTER_HOST: '127.0.0.1',
		RUNTIME_ROUTER_URL: runtime.routerUrl,
		RUNTIME_STATE_PG_URL: stateUrl,
		PUBLIC_HOST: 'localhost',
		SUPPORT_EMAIL: 'help@epic-cms.example',
		NODE_ROUTER_PROBE_SECONDS: '0.5',
		NODE_ROUTER_METRICS_PORT: String(metricsPort),
	};
	const started = await startPlatformProcess('node router', 'node-router.ts', env, `node router on 127.0.0.1:${port}`);
	return { ...started, url: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}
