/**
 * The runtime's entry: `node runtime/main.ts`. Reads the environment, starts everything, and on
 * SIGINT/SIGTERM stops every instance cleanly (a SIGKILL leaves them running for the next runtime
 * to adopt).
 */
import { loadRuntimeConfig, RuntimeConfigError } from './src/config.ts';
import { startRuntime } from './src/runtime.ts';

const log = (message: string) => console.log(`[runtime] ${message}`);

let config;
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
async function shutdown() {
	if (stopping) return;
	stopping = true;
	log('stopping every instance…');
	await runtime.stop();
	process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
