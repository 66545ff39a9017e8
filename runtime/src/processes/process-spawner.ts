/**
 * The process driver's spawner: each site is a Directus process on this machine. Under root, each
 * site runs as its own unprivileged uid (site-users.ts), and sites sleep paused or stopped, never
 * checkpointed (see SITES_SHARE_RUNTIME_USER in config.ts). Otherwise all sites run as the
 * runtime's user, through the site launcher where checkpoints work, which start-up says plainly.
 */
import { DIRECTUS_CLI, NODE_22 } from '@epic/node-support/directus';
import type { CheckpointSupport } from '@epic/runtime-contract';
import type { RuntimeConfig } from '../config.ts';
import { instancesDir } from '../instances/instance-factory.ts';
import type { SiteSpawner } from '../instances/process-supervisor.ts';
import type { InstanceStore } from '../state/instance-store.ts';
import { spawnInstanceProcess, waitUntilAnswering, type SiteStart } from './instance-process.ts';
import { openPathToSites, readableByOthers, SiteUsers } from './site-users.ts';

type Logger = (message: string) => void;

/** Why sites cannot have uids of their own here, or null when they can. */
function siteUsersUnavailable(config: RuntimeConfig): string | null {
	if (process.getuid?.() !== 0) return `the runtime is not root (uid ${process.getuid?.() ?? 'unknown'})`;
	if (config.SITES_SHARE_RUNTIME_USER) return 'SITES_SHARE_RUNTIME_USER is set (for checkpoints)';
	const unreachable = [NODE_22, DIRECTUS_CLI, config.siteMigrationsDir].find((file) => !readableByOthers(file));
	return unreachable ? `${unreachable} is not readable by other users (it or a folder above it is closed)` : null;
}

export function processSpawner(
	config: RuntimeConfig,
	store: Pick<InstanceStore, 'all' | 'get' | 'assignSiteUid'>,
	detected: CheckpointSupport,
	log: Logger,
): { spawner: SiteSpawner; support: CheckpointSupport } {
	const unavailable = siteUsersUnavailable(config);
	if (unavailable) {
		// Said at every start: this is for one developer's machine, not for tenants.
		log(
			`sites run as processes of the runtime's own user, since ${unavailable}: they are isolated from each other only by their ports and folders, and each can read the runtime's state, secrets and every other site's files. Production runs each site in its own container (RUNTIME_DRIVER=docker).`,
		);
		const start: SiteStart = detected.available && config.SITE_LAUNCHER_PATH ? { launcher: config.SITE_LAUNCHER_PATH } : {};
		return { spawner: { spawn: (dir, env) => spawnInstanceProcess(dir, env, start), waitUntilAnswering }, support: detected };
	}
	// Whatever the runtime writes from now on is its own alone; only the path to the sites opens.
	process.umask(0o077);
	openPathToSites(instancesDir(config));
	const users = new SiteUsers(store, config.SITE_UID_BASE);
	log(
		`sites run as processes, each as its own uid from ${config.SITE_UID_BASE} on: a site reads and writes its own folder only. Production runs each site in its own container (RUNTIME_DRIVER=docker).`,
	);
	return {
		spawner: {
			spawn: (dir, env, _resources, user) => spawnInstanceProcess(dir, env, user ? { user } : {}),
			userFor: (record) => users.prepare(record),
			waitUntilAnswering,
		},
		support: detected.available
			? {
					available: false,
					reason: 'sites run as uids of their own, which CRIU cannot checkpoint (SITES_SHARE_RUNTIME_USER=true trades that isolation for checkpoints)',
					criuVersion: detected.criuVersion,
				}
			: detected,
	};
}
