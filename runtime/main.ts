/**
 * The runtime's entry: `node runtime/main.ts`. Reads the environment, starts everything, and on
 * SIGINT/SIGTERM stops every instance cleanly (a SIGKILL leaves them running for the next runtime
 * to adopt), except a swarm runtime's SIGTERM while its own service remains, which leaves them
 * running for the runtime that replaces it (swarm/runtime-hand-off.ts).
 */
import { loadRuntimeConfig, RuntimeConfigError, type RuntimeConfig } from './src/config.ts';
import { startRuntime } from './src/runtime.ts';
import { decideHandOff } from './src/swarm/runtime-hand-off.ts';

const log = (message: string) => console.log(`[runtime] ${message}`);

let config: RuntimeConfig;
try {
	// A relative RUNTIME_DATA_DIR is taken from where the runtime is started.
	config = loadRuntimeConfig(process.env, process.cwd());
} catch (error) {
	if (!(error instanceof RuntimeConfigError)) throw error;
	console.error(error.message);
	process.exit(1);
}

const runtime = await startRuntime(config, log);
log('ready');

let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
	if (stopping) return;
	stopping = true;
	// An operator's Ctrl-C stops everything; Swarm's SIGTERM may be a replacement's.
	const decision = await decideHandOff(signal === 'SIGTERM' ? config.RUNTIME_SWARM_SERVICE : undefined);
	log(decision.reason);
	await runtime.stop({ leaveSitesRunning: decision.leaveSitesRunning });
	process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
