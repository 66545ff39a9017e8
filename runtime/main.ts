/**
 * The runtime's entry: `node runtime/main.ts`. Reads the environment, starts everything, and on
 * SIGINT/SIGTERM stops every instance cleanly (a SIGKILL leaves them running for the next runtime
 * to adopt).
 */
import { loadRuntimeConfig, RuntimeConfigError } from './src/config.ts';
import { startRuntime } from './src/runtime.ts';
import { REPO_ROOT } from '../scripts/lib/paths.ts';

const log = (message: string) => console.log(`[runtime] ${message}`);

let config;
try {
	config = loadRuntimeConfig(process.env, REPO_ROOT);
} catch (error) {
	if (!(error instanceof RuntimeConfigError)) throw error;
	console.error(error.message);
	process.exit(1);
}

const runtime = await startRuntime(config, log);
log('ready');

let stopping = false;
async function shutdown() {
	if (stopping) return;
	stopping = true;
	log('stopping every instance…');
	await runtime.stop();
	process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
