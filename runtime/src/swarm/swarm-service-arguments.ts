/**
 * The `docker service create` command line of one site (RUNTIME_DRIVER=swarm). Pure: the site's
 * service holder runs it; tests read it.
 *
 * Each site is one service with one task, placed by Swarm on any node. It is locked down as the
 * Docker driver's containers are (docker-run-arguments.ts): read-only root, an unprivileged user,
 * no capabilities, memory, CPU and process limits. It keeps nothing on the node: its database is
 * PostgreSQL and its uploads are in S3 (swarm-site-env.ts), so a task can start on any node.
 *
 * Its port is published in host mode on whatever port the node has free: this kernel has no IPVS,
 * so neither Swarm's routing mesh nor its virtual IPs work (docs/swarm.md, Routing). The holder
 * finds the task's node and port and forwards to them.
 */
import type { SiteResources } from '@epic/runtime-contract';
import { instanceIdOfDir } from './swarm-site-env.ts';
import { taskShellArguments } from './task-gate/task-command.ts';
import { CONTAINER_DIRECTUS_CLI, CONTAINER_PORT, RUNTIME_LABEL, siteLimits, SITE_DIR_LABEL, type SiteContainerSettings } from '../containers/docker-run-arguments.ts';

/**
 * Swarm's wait before a stopping task is killed: Directus closes its connections in well under it,
 * and the holder's removal waits past it (site-service.ts).
 */
const STOP_GRACE = '3s';

export type SwarmServiceSettings = SiteContainerSettings;

/** Variables that are the host's or the holder's, never the task's. */
const HOLDER_ONLY_VARIABLES = new Set(['PATH', 'HOME', 'HOST', 'PORT', 'NODE_COMPILE_CACHE']);

/** One service per site folder: its name is the folder's, which is the instance's id. */
/** Every site service's name starts so; nothing else of the platform's does. */
export const SITE_SERVICE_PREFIX = 'epic-site-';

export function serviceName(siteDir: string): string {
	const id = instanceIdOfDir(siteDir);
	if (!/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,50}$/.test(id)) throw new Error(`A site folder named ${id} cannot name a Swarm service`);
	return `${SITE_SERVICE_PREFIX}${id}`;
}

type Limits = Pick<SiteContainerSettings, 'memoryMb' | 'cpuShares'>;

/**
 * Memory is reserved as well as limited, so Swarm places a task only where it fits. CPU shares (a
 * weight on one machine) become a cap in CPUs: 1,024 shares, one CPU.
 */
export function swarmLimitFlags(limits: Limits): string[] {
	const cpus = Math.max(0.05, limits.cpuShares / 1024).toFixed(2);
	return [`--limit-memory=${limits.memoryMb}m`, `--reserve-memory=${limits.memoryMb}m`, `--limit-cpu=${cpus}`];
}

/**
 * Every site variable is passed by name only (`--env NAME`): the CLI copies the value from its
 * own environment, so no secret is on a command line. Swarm keeps them in the service's spec, in
 * its raft log, which Swarm encrypts at rest.
 */
export function serviceCreateArguments(settings: SwarmServiceSettings, siteDir: string, env: Record<string, string>, resources: SiteResources | undefined): string[] {
	const names = Object.keys(env).filter((name) => !HOLDER_ONLY_VARIABLES.has(name) && !name.startsWith('EPIC_'));
	const mounts = [
		'--mount=type=tmpfs,destination=/tmp,tmpfs-size=67108864',
		...settings.readOnlyMounts.map((dir) => `--mount=type=bind,source=${dir},destination=${dir},readonly`),
		...(settings.codeDir ? [`--mount=type=bind,source=${settings.codeDir},destination=/app/node_modules,readonly`] : []),
	];
	return [
		'service',
		'create',
		'--detach',
		`--name=${serviceName(siteDir)}`,
		'--replicas=1',
		`--label=${RUNTIME_LABEL}=${settings.runtimeDir}`,
		`--label=${SITE_DIR_LABEL}=${siteDir}`,
		`--container-label=${RUNTIME_LABEL}=${settings.runtimeDir}`,
		`--container-label=${SITE_DIR_LABEL}=${siteDir}`,
		// A new task only once the old one has stopped: a site never runs twice in an update.
		'--update-order=stop-first',
		'--restart-condition=any',
		'--restart-delay=0s',
		`--stop-grace-period=${STOP_GRACE}`,
		'--init',
		// A paused task (the paused sleep tier) would fail a health check and be replaced: none is run.
		'--no-healthcheck',
		// The sites' network (swarm-node-guard.ts): a bridge on each node that joins its sites to nothing.
		`--network=${settings.network}`,
		`--publish=mode=host,target=${CONTAINER_PORT}`,
		`--user=${settings.uid}:${settings.uid}`,
		'--read-only',
		'--cap-drop=ALL',
		...swarmLimitFlags(siteLimits(settings, resources)),
		`--limit-pids=${settings.pidsLimit}`,
		...mounts,
		'--workdir=/tmp',
		...names.map((name) => `--env=${name}`),
		'--env=HOME=/tmp',
		'--env=HOST=0.0.0.0',
		`--env=PORT=${CONTAINER_PORT}`,
		// Swarm fills in the task's id: the task gate gives a password only to a task Swarm wants running.
		'--env=SITE_TASK_ID={{.Task.ID}}',
		// The task's database password first, from the runtime (task-gate/), then Directus.
		'--entrypoint=sh',
		settings.image,
		...taskShellArguments([CONTAINER_DIRECTUS_CLI, 'start']),
	];
}

/** A plan change: Swarm replaces the task with the new limits (about a second without the site). */
export function serviceUpdateLimitsArguments(limits: Limits, name: string): string[] {
	return ['service', 'update', '--detach', ...swarmLimitFlags(limits), name];
}
