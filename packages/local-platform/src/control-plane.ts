/**
 * The control plane's life cycle, shared by `npm start`, the integration tests and the benchmarks:
 * prepare the database (system tables, our schema snapshot, our migrations), then run Directus
 * with the bundle and wait until it answers.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { runDirectusCommand, spawnDirectusServer, type DirectusProcessOptions } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';
import { collectOutput } from '@epic/node-support/processes';
import { waitForHttpOk } from '@epic/node-support/wait-for-http';
import { isPreparationCurrent, preparationFingerprint, recordPreparation } from './preparation-state.ts';
import { useWriteAheadLog } from './sqlite-journal.ts';

export const SCHEMA_SNAPSHOT = repoPath('snapshots', 'schema.yaml');

/**
 * Our custom migrations seed rows into collections that the schema snapshot creates, so they must
 * run after `schema apply`. `bootstrap` would run them before it: point it at an empty folder.
 */
function withoutCustomMigrations(options: DirectusProcessOptions): DirectusProcessOptions {
	const empty = path.join(os.tmpdir(), 'epic-platform-no-migrations');
	mkdirSync(empty, { recursive: true });
	return { ...options, env: { ...options.env, MIGRATIONS_PATH: empty } };
}

export type PrepareStep = 'bootstrap' | 'schema' | 'migrations' | 'up to date';

/**
 * With `stateFile`, a database already prepared from the same inputs is left as it is (see
 * preparation-state.ts); without it, every step runs.
 */
export async function prepareControlPlaneDatabase(options: DirectusProcessOptions, onStep: (step: PrepareStep) => void = () => {}, stateFile?: string): Promise<void> {
	if (!stateFile) {
		await runPreparationSteps(options, onStep);
	} else {
		const fingerprint = preparationFingerprint(options.env, SCHEMA_SNAPSHOT);
		if (await isPreparationCurrent(stateFile, fingerprint, options.env)) {
			onStep('up to date');
		} else {
			await runPreparationSteps(options, onStep);
			recordPreparation(stateFile, fingerprint);
		}
	}
	await useWriteAheadLog(options.env);
}

async function runPreparationSteps(options: DirectusProcessOptions, onStep: (step: PrepareStep) => void): Promise<void> {
	onStep('bootstrap');
	await runDirectusCommand(['bootstrap'], withoutCustomMigrations(options));
	onStep('schema');
	await runDirectusCommand(['schema', 'apply', '--yes', SCHEMA_SNAPSHOT], options);
	onStep('migrations');
	await runDirectusCommand(['database', 'migrate:latest'], options);
}

export class ControlPlaneExitedError extends Error {
	readonly exitCode: number | null;
	readonly output: string;

	constructor(exitCode: number | null, output: string) {
		super(`The control plane exited (code ${exitCode}) before it was ready:\n${output.slice(-4000)}`);
		this.exitCode = exitCode;
		this.output = output;
	}
}

export interface RunningControlPlane {
	process: ChildProcess;
	url: string;
	/** Everything Directus has printed so far; tests show it when something fails. */
	output: () => string;
}

/** Starts Directus and resolves once `/server/ping` answers (12.4's `/server/health` needs a token). */
export async function startControlPlane(options: DirectusProcessOptions & { url: string; timeoutMs?: number; echo?: (chunk: string) => void }): Promise<RunningControlPlane> {
	const child = spawnDirectusServer(options);
	const output = collectOutput(child, options.echo);

	const exited = new Promise<never>((_, reject) => {
		child.once('exit', (code) => reject(new ControlPlaneExitedError(code, output())));
	});
	exited.catch(() => {});
	await Promise.race([waitForPing(options.url, options.timeoutMs ?? 60_000), exited]);
	return { process: child, url: options.url, output };
}

export async function waitForPing(url: string, timeoutMs: number): Promise<void> {
	if ((await waitForHttpOk(`${url}/server/ping`, { timeoutMs })) !== 'ok') {
		throw new Error(`${url} did not answer /server/ping within ${timeoutMs} ms`);
	}
}
