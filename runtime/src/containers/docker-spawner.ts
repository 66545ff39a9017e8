/**
 * RUNTIME_DRIVER=docker: each site runs in its own container (docker-run-arguments.ts). The
 * supervisor keeps its process model: what it tracks is the foreground `docker run` CLI, which
 * carries the instance's EPIC_* variables (so a later runtime adopts it through /proc as it would
 * a Directus process), passes SIGTERM on to the container and exits with it. Its stdin is a FIFO
 * only it holds: it never ends while the CLI lives, and closes when the CLI dies, however it dies,
 * which ends the container (see the entry script).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SiteResources } from '@epic/runtime-contract';
import type { SiteSpawner } from '../instances/process-supervisor.ts';
import { openInstanceLog, waitUntilAnswering } from '../processes/instance-process.ts';
import { cidFile, containerMemoryBytes, removeOrphanCidFiles, removeSiteCidFiles } from './container-memory.ts';
import { openDatabaseGate, type DatabaseGate } from './database-gate.ts';
import { containerName, dockerRunArguments, dockerUpdateArguments, siteLimits, type SiteContainerSettings } from './docker-run-arguments.ts';
import { handFolderTo } from '../site-files/folder-owner.ts';
import { gatedEnv, gateTargetOf } from './gated-database-env.ts';
import { dockerCliEnvironment } from './docker-cli-env.ts';
import { pauseContainer, unpauseContainer } from './paused-containers.ts';

const run = promisify(execFile);

/** A FIFO opened read-write: reading it blocks forever, and no one else holds it once unlinked. */
function endlessStdin(fifoDir: string): number {
	mkdirSync(fifoDir, { recursive: true, mode: 0o700 });
	const fifo = path.join(fifoDir, `stdin-${randomUUID()}`);
	execFileSync('mkfifo', ['-m', '600', fifo]);
	try {
		return openSync(fifo, 'r+');
	} finally {
		rmSync(fifo, { force: true });
	}
}

/**
 * A container's gate folder: named by a digest of the container's name, which with its socket
 * would pass the 107 bytes a Unix socket's path may hold (the name carries the site's uuid).
 */
function gateDir(runtimeDir: string, container: string): string {
	return path.join(runtimeDir, 'gates', createHash('sha256').update(container).digest('hex').slice(0, 16));
}

/** The container a docker CLI runs, by the name on its command line. */
function containerNameOf(cliPid: number): string | null {
	try {
		return /(?:^|\0)--name=([^\0]+)/.exec(readFileSync(`/proc/${cliPid}/cmdline`, 'utf8'))?.[1] ?? null;
	} catch {
		return null;
	}
}

export function dockerSpawner(settings: SiteContainerSettings, log: (message: string) => void): SiteSpawner {
	// FIFOs while a CLI starts, and each container's id (docker run --cidfile): the runtime's own.
	const workDir = path.join(settings.runtimeDir, 'containers');
	removeOrphanCidFiles(workDir, path.join(settings.runtimeDir, 'instances'));
	// A PostgreSQL site's gate (database-gate.ts), one folder per container.
	const gates = new Map<string, DatabaseGate>();
	const openGate = (container: string, env: Record<string, string>): DatabaseGate | null => {
		const target = gateTargetOf(env);
		if (!target) return null;
		const gate = openDatabaseGate(gateDir(settings.runtimeDir, container), target, log);
		gates.set(container, gate);
		return gate;
	};
	const closeGate = (container: string, gate: DatabaseGate) => {
		if (gates.get(container) !== gate) return;
		gates.delete(container);
		void gate.close();
	};
	const containerOf = (cliPid: number): string => {
		const name = containerNameOf(cliPid);
		if (!name) throw new Error(`No site container is run by process ${cliPid}`);
		return name;
	};
	return {
		spawn(dir: string, env: Record<string, string>, resources: SiteResources | undefined): ChildProcess {
			// The runtime (root) writes the site's files too (clones, restores, upgrades).
			handFolderTo(dir, settings.uid);
			const hostPort = Number(env['PORT']);
			const container = containerName(dir, hostPort);
			removeSiteCidFiles(workDir, path.basename(dir));
			const cidPath = cidFile(workDir, container);
			const gate = openGate(container, env);
			const siteEnv = gatedEnv(env);
			const stdin = endlessStdin(workDir);
			const output = openInstanceLog(dir);
			try {
				const cli = spawn('docker', dockerRunArguments({ ...settings, ...siteLimits(settings, resources) }, dir, hostPort, siteEnv, cidPath, gate?.dir), {
					cwd: dir,
					env: { ...siteEnv, ...dockerCliEnvironment() },
					detached: true,
					stdio: [stdin, output, output],
				});
				// The container ends with its CLI (see the entry script); so does its gate.
				if (gate) cli.once('exit', () => closeGate(container, gate));
				return cli;
			} finally {
				closeSync(stdin);
				closeSync(output);
			}
		},
		resume(cliPid: number, env: Record<string, string>): (() => void) | undefined {
			// A previous runtime's gate ended with it; the adopted container still mounts its folder.
			const container = containerNameOf(cliPid);
			const gate = container ? openGate(container, env) : null;
			if (!container || !gate) return undefined;
			return () => closeGate(container, gate);
		},
		waitUntilAnswering,
		memoryBytes(cliPid: number): number | null {
			const name = containerNameOf(cliPid);
			return name ? containerMemoryBytes(cidFile(workDir, name)) : null;
		},
		async updateResources(cliPid: number, resources: SiteResources): Promise<void> {
			await run('docker', dockerUpdateArguments(siteLimits(settings, resources), containerOf(cliPid)), { env: dockerCliEnvironment() });
		},
		// The CLI stays as it is: only the container is frozen.
		pause: (cliPid: number) => pauseContainer(containerOf(cliPid)),
		unpause: (cliPid: number) => unpauseContainer(containerOf(cliPid)),
	};
}
