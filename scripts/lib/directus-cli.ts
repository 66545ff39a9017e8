/**
 * Runs Directus 12 commands from the repository's own install with Node 22. The CLI module is
 * started directly: the `directus` bin first makes an update check against the registry (~8 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { repoPath } from './paths.ts';
import { runCommand } from './processes.ts';

export const DIRECTUS_CLI = repoPath('node_modules', '@directus', 'api', 'dist', 'cli', 'run.js');

/**
 * Node 22 from the `node` package, whatever Node runs the caller (a test runner started from a
 * shell may be the machine's older Node): the native addons were built for this one.
 */
export const NODE_22 = repoPath('node_modules', 'node', 'bin', 'node');

/** Directus also reads `.env` from its working directory; run it where no stray one can exist. */
export interface DirectusProcessOptions {
	env: Record<string, string>;
	cwd: string;
}

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
	return { ...process.env, ...env };
}

export function runDirectusCommand(args: string[], options: DirectusProcessOptions): Promise<string> {
	return runCommand(NODE_22, [DIRECTUS_CLI, ...args], {
		label: `directus ${args.join(' ')}`,
		cwd: options.cwd,
		env: childEnv(options.env),
	});
}

export function spawnDirectusServer(options: DirectusProcessOptions): ChildProcess {
	return spawn(NODE_22, [DIRECTUS_CLI, 'start'], {
		cwd: options.cwd,
		env: childEnv(options.env),
		stdio: ['ignore', 'pipe', 'pipe'],
	});
}
