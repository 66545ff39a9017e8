/**
 * A node router (runtime/node-router.ts) as a child process on the tests' manager, beside the
 * runtime: as a second manager's router would run, it reads the runtime's records from the state
 * database and locates tasks through this machine's engine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freeLoopbackPort } from '@epic/node-support/free-port';
import { NODE_22 } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';
import { collectOutput } from '@epic/node-support/processes';
import type { TestRuntime } from '../test-runtime.ts';
import { waitFor } from '../wait-for.ts';

export interface NodeRouterProcess {
	url: string;
	/** Its scrape address, `GET /metrics`. */
	metricsUrl: string;
	output(): string;
	stop(): Promise<void>;
}

/** Starts a node router in front of `runtime`'s router and resolves once it listens. */
export async function startNodeRouter(runtime: TestRuntime): Promise<NodeRouterProcess> {
	const stateUrl = runtime.options.env?.['RUNTIME_STATE_PG_URL'];
	if (!stateUrl) throw new Error('A node router reads the records from a state database: this runtime keeps them in its data folder');
	const port = await freeLoopbackPort();
	const metricsPort = await freeLoopbackPort();
	const child: ChildProcess = spawn(NODE_22, [repoPath('runtime', 'node-router.ts')], {
		cwd: repoPath(),
		env: {
			PATH: process.env['PATH'] ?? '',
			NODE_ROUTER_PORT: String(port),
			NODE_ROUTER_HOST: '127.0.0.1',
			RUNTIME_ROUTER_URL: runtime.routerUrl,
			RUNTIME_STATE_PG_URL: stateUrl,
			PUBLIC_HOST: 'localhost',
			SUPPORT_EMAIL: 'help@epic-cms.example',
			NODE_ROUTER_PROBE_SECONDS: '0.5',
			NODE_ROUTER_METRICS_PORT: String(metricsPort),
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const output = collectOutput(child);
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.kill('SIGTERM');
		await exited;
	};
	try {
		await waitFor(
			'the node router to listen',
			() => {
				if (child.exitCode !== null) throw new Error(`the node router exited (code ${child.exitCode}):\n${output()}`);
				return output().includes(`node router on 127.0.0.1:${port}`);
			},
			30_000,
		);
	} catch (error) {
		await stop();
		throw error;
	}
	return { url: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, output, stop };
}
