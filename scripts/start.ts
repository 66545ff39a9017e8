/**
 * `npm start`: runs the platform on its embedded defaults (SQLite, sandbox billing, local mail
 * catcher) or on whatever the environment configures, and keeps it running: a crashed runtime or
 * control plane is restarted (child-supervisor.ts) and low disk space is reported. Wiring only;
 * each step lives in @epic/local-platform.
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildMissingOutputs } from '@epic/local-platform/builds';
import { ConfigError, loadConfig } from '@epic/local-platform/config';
import { ChildSupervisor } from '@epic/local-platform/child-supervisor';
import { prepareControlPlaneDatabase, startControlPlane, type RunningControlPlane } from '@epic/local-platform/control-plane';
import { drainBeforeStop, freshDrainFile, recordListenPort } from '@epic/local-platform/control-plane-drain';
import { directusEnv } from '@epic/local-platform/directus-env';
import { watchDiskSpace } from '@epic/local-platform/disk-space-watch';
import { startMailCatcher, type MailCatcher } from '@epic/local-platform/mail-catcher';
import { REPO_ROOT, repoPath } from '@epic/node-support/paths';
import { stopProcess } from '@epic/node-support/processes';
import { runtimeEnv } from '@epic/local-platform/runtime-env';
import { checkpointToolsEnv, ensureCheckpointTools } from '@epic/local-platform/checkpoint-tools';
import { spawnRuntime, waitForRuntimeApi, type RuntimeProcess } from '@epic/local-platform/runtime-process';
import { firstFreePort, portRange, whileHoldingStartLock } from '@epic/local-platform/replica-start';
import { loadOrCreateSecrets } from '@epic/local-platform/secrets';
import { startBanner } from '@epic/local-platform/start-banner';
import { formatStartWarnings, startWarnings } from '@epic/local-platform/start-warnings';

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
// The platform's own folder: nobody else lists it (the runtime may open it to sites for traversal only).
mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
chmodSync(config.dataDir, statSync(config.dataDir).mode & 0o7711);
mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
const secrets = loadOrCreateSecrets(config.dataDir, config);
const drainFile = freshDrainFile();
const directus = { env: { ...directusEnv(config, secrets), PLATFORM_DRAIN_FILE: drainFile }, cwd: config.dataDir };
// PORT, or with CONTROL_PLANE_PORTS the port this replica claims when it starts.
let listenPort = config.controlPlanePort;

await buildMissingOutputs(log);

let mailCatcher: MailCatcher | null = null;
if (config.MAIL_CATCHER) {
	mailCatcher = await startMailCatcher({ smtpPort: config.MAIL_CATCHER_SMTP_PORT, uiPort: config.MAIL_CATCHER_UI_PORT });
	log(`Mail catcher listening on smtp://127.0.0.1:${config.MAIL_CATCHER_SMTP_PORT}`);
}

let stopping = false;
let stopDiskWatch: (() => void) | null = null;

const giveUp = (reason: string) => {
	console.error(`[platform] ${reason}. Stopping the platform; its output above says why.`);
	void stopEverything(1);
};

// CRIU and the site launcher for the runtime's checkpoint tier, built once into the machine's cache folder (~/.cache/epic-cms).
// Without them the runtime says why in its start-up line and sleeps sites paused or stopped.
const checkpointTools = config.embeddedRuntime ? await ensureCheckpointTools(log) : null;
if (checkpointTools && !checkpointTools.ok) log(`site checkpoints are off: ${checkpointTools.reason}`);

// Under root, sites run as uids of their own and may walk into the data folder down to their own
// folder (runtime/src/processes/site-users.ts): from here on, what the platform writes there (the
// control plane's database, its uploads) is readable by root alone. Containers need no such walk.
if (process.getuid?.() === 0 && process.env['RUNTIME_DRIVER'] !== 'docker') process.umask(0o077);

// Each child is restarted with backoff when it exits on its own, and given up on (the platform
// stops, saying why) when it keeps crashing. Sites outlive a runtime crash: the next runtime adopts them.
const runtimeSupervisor = config.embeddedRuntime
	? new ChildSupervisor<RuntimeProcess>({
			name: 'The runtime',
			start: async () => {
				const runtime = spawnRuntime({ ...runtimeEnv(config, secrets), ...(checkpointTools ? checkpointToolsEnv(checkpointTools) : {}) }, (chunk) => process.stdout.write(chunk));
				await waitForRuntimeApi(runtime, `http://127.0.0.1:${config.RUNTIME_API_PORT}`, secrets.runtimeSecret, 120_000);
				return runtime;
			},
			log,
			onGiveUp: giveUp,
		})
	: null;
const controlPlaneSupervisor = new ChildSupervisor<RunningControlPlane>({
	name: 'The control plane',
	start: () =>
		startControlPlane({ ...directus, env: { ...directus.env, PORT: String(listenPort) }, url: `http://127.0.0.1:${listenPort}`, echo: (chunk) => process.stdout.write(chunk) }),
	log,
	onGiveUp: giveUp,
});

// Whatever ends this process, the Directus child must not outlive it.
process.on('exit', () => {
	const controlPlane = controlPlaneSupervisor.current;
	if (controlPlane?.process.exitCode === null) controlPlane.process.kill('SIGKILL');
	// SIGKILL would leave the sites running (for a new runtime to adopt); SIGTERM stops them.
	const runtime = runtimeSupervisor?.current;
	if (runtime?.process.exitCode === null) runtime.process.kill('SIGTERM');
	void mailCatcher?.close();
});
process.on('SIGINT', () => void stopEverything(0));
process.on('SIGTERM', () => void stopEverything(0));

// The runtime prepares its instance template while the control plane prepares its database.
if (runtimeSupervisor) log('Starting the runtime (sites, router)…');
const runtimeStarted = runtimeSupervisor?.start();
// Awaited below; until then a failure must not count as unhandled.
runtimeStarted?.catch(() => {});

// Replicas sharing a PostgreSQL database take turns, until each listens (replica-start.ts).
await whileHoldingStartLock(config.DB_CLIENT === 'pg' ? (config.DB_CONNECTION_STRING ?? null) : null, async () => {
	await prepareControlPlaneDatabase(directus, (step) => log(`Preparing database: ${step}`), path.join(config.dataDir, 'prepared.json'));
	if (config.CONTROL_PLANE_PORTS) {
		listenPort = await firstFreePort(config.controlPlaneHost, portRange(config.CONTROL_PLANE_PORTS));
		recordListenPort(listenPort);
	}
	log(`Starting the control plane on port ${listenPort}…`);
	await controlPlaneSupervisor.start();
});
await runtimeStarted;
stopDiskWatch = watchDiskSpace({ dir: config.dataDir, log });
console.log(startBanner(config, secrets, mailCatcher?.uiUrl ?? null));
// Last, so the warnings stay on screen below the banner.
const warnings = formatStartWarnings(startWarnings(config));
if (warnings) console.warn(warnings);

async function stopEverything(exitCode: number) {
	if (stopping) return;
	stopping = true;
	log('Stopping…');
	stopDiskWatch?.();
	runtimeSupervisor?.stopSupervising();
	controlPlaneSupervisor.stopSupervising();
	const controlPlane = controlPlaneSupervisor.current;
	const runtime = runtimeSupervisor?.current;
	// A replica behind a proxy goes on serving while the proxy learns it is leaving.
	if (controlPlane && config.DRAIN_SECONDS > 0) {
		log(`Draining for ${config.DRAIN_SECONDS} s before stopping…`);
		await drainBeforeStop(drainFile, config.DRAIN_SECONDS);
	}
	// The runtime stops its sites on SIGTERM; it gets longer, as it waits for each of them.
	await Promise.all([controlPlane ? stopProcess(controlPlane.process) : undefined, runtime ? stopProcess(runtime.process, 20_000) : undefined]);
	await mailCatcher?.close();
	process.exit(exitCode);
}
