/**
 * One of the platform's processes besides the runtime (a node router, the site gate) as a child
 * process on the tests' manager, as it runs on a manager in production: started from its entry, and
 * resolved once it logs that it is ready; a start that fails throws with what it printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { NODE_22 } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';
import { collectOutput } from '@epic/node-support/processes';
import { waitFor } from '../wait-for.ts';

export interface PlatformProcess {
	output(): string;
	/** SIGTERM, and resolves once it has exited. */
	stop(): Promise<void>;
}

export async function startPlatformProcess(name: string, entry: string, env: Record<string, string>, readyLine: string): Promise<PlatformProcess> {
	const child: ChildProcess = spawn(NODE_22, [repoPath('runtime', entry)], {
		cwd: repoPath(),
		env: { PATH: process.env['PATH'] ?? '', ...env },
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
			`the ${name} to be ready`,
			() => {
				if (child.exitCode !== null) throw new Error(`the ${name} exited (code ${child.exitCode}):\n${output()}`);
				return output().includes(readyLine);
			},
			30_000,
		);
	} catch (error) {
		await stop();
		throw error;
	}
	return { output, stop };
}
