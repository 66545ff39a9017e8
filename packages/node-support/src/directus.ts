/**
 * Runs Directus 12 from whatever install resolves it (the repository's, or a runtime image's) with
 * Node 22. The CLI module is started directly: the `directus` bin first makes an update check
 * against the registry (~8 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runCommand } from './processes.ts';

const require = createRequire(import.meta.url);
const directusApiDir = path.dirname(require.resolve('@directus/api/package.json'));

export const DIRECTUS_CLI = path.join(directusApiDir, 'dist', 'cli', 'run.js');

/**
 * Node 22 from the `node` package, whatever Node runs the caller (a test runner started from a
 * shell may be the machine's older Node): the native addons were built for this one.
 */
export const NODE_22 = path.join(path.dirname(require.resolve('node/package.json')), 'bin', 'node');

/**
 * One compile cache beside the install: the control plane and every site load the same Directus
 * modules, so they share it and each start after the first skips compiling them.
 */
export const NODE_COMPILE_CACHE_DIR = path.join(directusApiDir, '..', '..', '.cache', 'node-compile-cache');

/** The Directus version that runs: recorded with templates, so a new version gets a new one. */
export function directusVersion(): string {
	const manifest = JSON.parse(readFileSync(require.resolve('directus/package.json'), 'utf8')) as { version: string };
	return manifest.version;
}

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
