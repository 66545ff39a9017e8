/**
 * The data-plane runtime as a child process (`runtime/main.ts` on Node 22), shared by `npm start`,
 * the tests and the benchmarks. It is not tied to its parent's life: instances survive a runtime
 * crash and are adopted by the next one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { NODE_22 } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';
import { collectOutput } from '@epic/node-support/processes';
import { waitForHttpOk } from '@epic/node-support/wait-for-http';

export interface RuntimeProcess {
	process: ChildProcess;
	output: () => string;
}

export function spawnRuntime(env: Record<string, string>, echo?: (chunk: string) => void): RuntimeProcess {
	const child = spawn(NODE_22, [repoPath('runtime', 'main.ts')], { cwd: repoPath(), env, stdio: ['ignore', 'pipe', 'pipe'] });
	return { process: child, output: collectOutput(child, echo) };
}

/** Resolves once the management API answers with the secret; fails early if the process exits. */
export async function waitForRuntimeApi(runtime: RuntimeProcess, apiUrl: string, secret: string, timeoutMs: number): Promise<void> {
	const outcome = await waitForHttpOk(`${apiUrl}/pool`, {
		timeoutMs,
		headers: { authorization: `Bearer ${secret}` },
		isAlive: () => runtime.process.exitCode === null,
	});
	if (outcome === 'exited') throw new Error(`The runtime exited (code ${runtime.process.exitCode}):\n${runtime.output().slice(-4000)}`);
	if (outcome === 'timed-out') throw new Error(`The runtime did not answer within ${timeoutMs} ms:\n${runtime.output().slice(-4000)}`);
}
