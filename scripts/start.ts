/**
 * `npm start`: runs the platform on its embedded defaults (SQLite, sandbox billing, local mail
 * catcher) or on whatever the environment configures. Wiring only; each step lives in lib/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildMissingOutputs } from '@epic/platform-launcher/builds';
import { ConfigError, loadConfig } from '@epic/platform-launcher/config';
import { prepareControlPlaneDatabase, startControlPlane } from '@epic/platform-launcher/control-plane';
import { directusEnv } from '@epic/platform-launcher/directus-env';
import { startMailCatcher, type MailCatcher } from '@epic/platform-launcher/mail-catcher';
import { REPO_ROOT, repoPath } from '@epic/node-support/paths';
import { stopProcess } from '@epic/node-support/processes';
import { runtimeEnv } from '@epic/platform-launcher/runtime-env';
import { spawnRuntime, waitForRuntimeApi, type RuntimeProcess } from '@epic/platform-launcher/runtime-process';
import { loadOrCreateSecrets } from '@epic/platform-launcher/secrets';
import { startBanner } from '@epic/platform-launcher/start-banner';

const log = (message: string) => console.log(`[platform] ${message}`);

function loadConfigOrExit() {
	if (existsSync(repoPath('.env'))) process.loadEnvFile(repoPath('.env'));
	try {
		return loadConfig(process.env, REPO_ROOT);
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
}

const config = loadConfigOrExit();
mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
const secrets = loadOrCreateSecrets(config.dataDir, config);
const directus = { env: directusEnv(config, secrets), cwd: config.dataDir };

await buildMissingOutputs(log);

let mailCatcher: MailCatcher | null = null;
if (config.MAIL_CATCHER) {
	mailCatcher = await startMailCatcher({ smtpPort: config.MAIL_CATCHER_SMTP_PORT, uiPort: config.MAIL_CATCHER_UI_PORT });
	log(`Mail catcher listening on smtp://127.0.0.1:${config.MAIL_CATCHER_SMTP_PORT}`);
}

// The runtime prepares its instance template while the control plane prepares its database.
let runtime: RuntimeProcess | null = null;
if (config.embeddedRuntime) {
	log('Starting the runtime (sites, router)…');
	runtime = spawnRuntime(runtimeEnv(config, secrets), (chunk) => process.stdout.write(chunk));
}

await prepareControlPlaneDatabase(
	directus,
	(step) => log(`Preparing database: ${step}`),
	path.join(config.dataDir, 'prepared.json'),
);
log('Starting the control plane…');
const controlPlane = await startControlPlane({
	...directus,
	url: `http://127.0.0.1:${config.controlPlanePort}`,
	echo: (chunk) => process.stdout.write(chunk),
});
if (runtime) await waitForRuntimeApi(runtime, `http://127.0.0.1:${config.RUNTIME_API_PORT}`, secrets.runtimeSecret, 120_000);
console.log(startBanner(config, secrets, mailCatcher?.uiUrl ?? null));

let stopping = false;
async function stopEverything(exitCode: number) {
	if (stopping) return;
	stopping = true;
	log('Stopping…');
	// The runtime stops its sites on SIGTERM; it gets longer, as it waits for each of them.
	await Promise.all([stopProcess(controlPlane.process), runtime ? stopProcess(runtime.process, 20_000) : undefined]);
	await mailCatcher?.close();
	process.exit(exitCode);
}

// Whatever ends this process, the Directus child must not outlive it.
process.on('exit', () => {
	if (controlPlane.process.exitCode === null) controlPlane.process.kill('SIGKILL');
	// SIGKILL would leave the sites running (for a new runtime to adopt); SIGTERM stops them.
	if (runtime?.process.exitCode === null) runtime.process.kill('SIGTERM');
	void mailCatcher?.close();
});
process.on('SIGINT', () => void stopEverything(0));
process.on('SIGTERM', () => void stopEverything(0));
runtime?.process.once('exit', (code) => {
	if (!stopping) {
		console.error(`[platform] The runtime exited unexpectedly (code ${code}).`);
		void stopEverything(code ?? 1);
	}
});
controlPlane.process.once('exit', (code) => {
	if (!stopping) {
		console.error(`[platform] The control plane exited unexpectedly (code ${code}).`);
		void stopEverything(code ?? 1);
	}
});
