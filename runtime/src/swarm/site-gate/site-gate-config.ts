/**
 * The site gate's configuration (site-gate.ts). It takes the runtime's own variables, through the
 * runtime's loader, so that each means to it what it means to the runtime and gets the same checks:
 * the stack gives both the same values. On top, it serves swarm sites only, and finds each site's
 * database in the runtime's records, so those must be in the state database.
 */
import { loadRuntimeConfig, RuntimeConfigError, type RuntimeConfig, type SwarmSiteStorage } from '../../config.ts';

export interface SiteGateConfig {
	secrets: Pick<RuntimeConfig, 'RUNTIME_SECRET' | 'RUNTIME_SECRET_PREVIOUS'>;
	storage: SwarmSiteStorage;
	/** The sites' PostgreSQL as a role that may set their roles' passwords (INSTANCE_PG_URL). */
	adminPgUrl: string;
	/** The runtime's records (RUNTIME_STATE_PG_URL): read, never written. */
	statePgUrl: string;
}

export class SiteGateConfigError extends Error {}

export function loadSiteGateConfig(env: NodeJS.ProcessEnv): SiteGateConfig {
	let config: RuntimeConfig;
	try {
		// No path of the runtime's is used: a relative one is taken from where the gate starts.
		config = loadRuntimeConfig(env, process.cwd());
	} catch (error) {
		if (!(error instanceof RuntimeConfigError)) throw error;
		throw new SiteGateConfigError(error.message.replace('Invalid runtime configuration', "Invalid site gate configuration (the runtime's variables)"));
	}
	const problems: string[] = [];
	if (config.RUNTIME_DRIVER !== 'swarm') problems.push('RUNTIME_DRIVER: must be swarm (the gate serves swarm sites only)');
	if (!config.RUNTIME_STATE_PG_URL) problems.push("RUNTIME_STATE_PG_URL: is required (the gate reads each site's database from the runtime's records there)");
	if (problems.length) throw new SiteGateConfigError(`Invalid site gate configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
	return {
		secrets: { RUNTIME_SECRET: config.RUNTIME_SECRET, RUNTIME_SECRET_PREVIOUS: config.RUNTIME_SECRET_PREVIOUS },
		storage: config.swarmSiteStorage!,
		adminPgUrl: config.INSTANCE_PG_URL!,
		statePgUrl: config.RUNTIME_STATE_PG_URL!,
	};
}
