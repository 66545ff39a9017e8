/**
 * The `docker run` command line of one site's container (RUNTIME_DRIVER=docker). Pure: the
 * Docker spawner runs it; tests read it.
 *
 * What isolates a site: a read-only root filesystem with only its own folder mounted writable, an
 * unprivileged user, every capability dropped and no privilege gain, memory, CPU and process
 * limits, and a network (see docker-network.ts) on which containers cannot reach each other or the
 * host. Its port is published on 127.0.0.1 only: the host router is the one way in.
 */
import path from 'node:path';
import type { SiteResources } from '@epic/runtime-contract';
import { GATE_MOUNT } from './gated-database-env.ts';

/** Where Directus listens inside every site container; the host side is the supervisor's port. */
export const CONTAINER_PORT = 8055;
/** Where the site image keeps its installed packages (Dockerfile, target site). */
export const CONTAINER_APP_DIR = '/app';
export const CONTAINER_DIRECTUS_CLI = `${CONTAINER_APP_DIR}/node_modules/@directus/api/dist/cli/run.js`;

/** Labels that say a container is ours: which runtime (its data folder) and which site folder. */
export const RUNTIME_LABEL = 'epic.runtime';
export const SITE_DIR_LABEL = 'epic.site.dir';

export interface SiteContainerSettings {
	image: string;
	network: string;
	/** A host folder of installed packages mounted read-only over the image's, instead of its own. */
	codeDir: string | undefined;
	memoryMb: number;
	cpuShares: number;
	pidsLimit: number;
	/** The unprivileged uid (and gid) the site runs as; its folder is handed to it. */
	uid: number;
	/** The runtime's data folder: the label that tells this runtime's containers from others'. */
	runtimeDir: string;
	/** Read-only folders the site's environment names by their host path (site migrations). */
	readOnlyMounts: string[];
}

/**
 * The container's entry: Directus as a child of a shell that ends it gracefully when the container
 * is asked to stop, or when the docker CLI the supervisor tracks goes away (its stdin, attached to
 * the container, then closes). So a SIGKILL of the CLI, by the supervisor or by a dying runtime's
 * successor, never leaves a container serving that nobody tracks. `exec` would lose that watch.
 */
const ENTRY_SCRIPT = [
	// A background job's stdin is /dev/null: the watch reads the CLI's through a copy made first.
	'exec 3<&0',
	'node "$@" </dev/null 3<&- & site=$!',
	"trap 'kill -TERM $site 2>/dev/null' TERM INT",
	'( cat <&3 >/dev/null; kill -TERM $site 2>/dev/null ) &',
	'status=0',
	'while kill -0 $site 2>/dev/null; do wait $site; status=$?; done',
	'exit $status',
].join('\n');

/**
 * Variables of the site's environment (instance-env.ts) that are the host's, not the container's:
 * the container has its own PATH and HOME, listens on its own address and port, and shares no
 * compile cache.
 */
const HOST_ONLY_VARIABLES = new Set(['PATH', 'HOME', 'HOST', 'PORT', 'NODE_COMPILE_CACHE']);

export function containerName(siteDir: string, hostPort: number): string {
	return `epic-site-${path.basename(siteDir)}-${hostPort}`;
}

/**
 * Every site variable is passed by name only (`-e NAME`): the docker CLI copies the value from its
 * own environment, so keys, secrets and passwords never appear on a command line.
 */
export function dockerRunArguments(
	settings: SiteContainerSettings,
	siteDir: string,
	hostPort: number,
	env: Record<string, string>,
	cidPath: string,
	/** A PostgreSQL site's gate folder (database-gate.ts): its one way to its database. */
	databaseGateDir?: string,
): string[] {
	const names = Object.keys(env).filter((name) => !HOST_ONLY_VARIABLES.has(name) && !name.startsWith('EPIC_'));
	const mounts = [
		`--mount=type=bind,source=${siteDir},target=${siteDir}`,
		...(databaseGateDir ? [`--mount=type=bind,source=${databaseGateDir},target=${GATE_MOUNT},readonly`] : []),
		...settings.readOnlyMounts.map((dir) => `--mount=type=bind,source=${dir},target=${dir},readonly`),
		...(settings.codeDir ? [`--mount=type=bind,source=${settings.codeDir},target=${CONTAINER_APP_DIR}/node_modules,readonly`] : []),
	];
	return [
		'run',
		'--rm',
		'--interactive',
		'--init',
		`--name=${containerName(siteDir, hostPort)}`,
		`--cidfile=${cidPath}`,
		`--label=${RUNTIME_LABEL}=${settings.runtimeDir}`,
		`--label=${SITE_DIR_LABEL}=${siteDir}`,
		`--network=${settings.network}`,
		`--publish=127.0.0.1:${hostPort}:${CONTAINER_PORT}`,
		`--user=${settings.uid}:${settings.uid}`,
		'--read-only',
		'--tmpfs=/tmp:rw,nosuid,nodev,size=64m',
		'--cap-drop=ALL',
		'--security-opt=no-new-privileges',
		...limitFlags(settings),
		`--pids-limit=${settings.pidsLimit}`,
		...mounts,
		`--workdir=${siteDir}`,
		...names.map((name) => `--env=${name}`),
		// Directus loads pm2 (for its metrics), which makes ~/.pm2 at load: the image's home is read-only.
		'--env=HOME=/tmp',
		'--env=HOST=0.0.0.0',
		`--env=PORT=${CONTAINER_PORT}`,
		'--entrypoint=/bin/sh',
		settings.image,
		'-c',
		ENTRY_SCRIPT,
		'site',
		CONTAINER_DIRECTUS_CLI,
		'start',
	];
}

type SiteLimits = Pick<SiteContainerSettings, 'memoryMb' | 'cpuShares'>;

/** A site's limits: the project's plan's where it names them, the runtime's defaults otherwise. */
export function siteLimits(settings: SiteLimits, resources: SiteResources | undefined): SiteLimits {
	return { memoryMb: resources?.memoryMb ?? settings.memoryMb, cpuShares: resources?.cpuShares ?? settings.cpuShares };
}

/** Memory with swap included (so no swap on top), and the CPU weight. */
function limitFlags(limits: SiteLimits): string[] {
	return [`--memory=${limits.memoryMb}m`, `--memory-swap=${limits.memoryMb}m`, `--cpu-shares=${limits.cpuShares}`];
}

/** `docker update` of a running site's limits (a plan change): the flags of its start. */
export function dockerUpdateArguments(limits: SiteLimits, container: string): string[] {
	return ['update', ...limitFlags(limits), container];
}
