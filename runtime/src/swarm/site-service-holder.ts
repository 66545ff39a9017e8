/**
 * The process the runtime supervises for a swarm site (swarm-spawner.ts): started with the site's
 * environment, it creates the site's service (or takes over the one a replaced runtime's holder
 * left running, made from the same spec: service-spec-label.ts), forwards the site's local port to its task
 * (task-forwarder.ts), copies the service's log to its own output (the site's log file), and on
 * SIGTERM removes the service and exits. It exits with an error when the service is gone from
 * under it, so the supervisor starts it again as it would a crashed site.
 *   node site-service-holder.ts <site port> <service name> <docker service create arguments…>
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createService, removeService, specOfServingService } from './site-service.ts';
import { specLabelOf } from './service-spec-label.ts';
import { locateTask, serviceExists } from './swarm-task-locator.ts';
import { CONNECTION_WAIT_MS, TASK_CACHE_MS, TaskForwarder } from './task-forwarder.ts';

/** How often the holder checks that its service still exists. */
const SERVICE_CHECK_MS = 5000;

const [portText, serviceArgument, ...createArguments] = process.argv.slice(2);
if (!portText || !serviceArgument || createArguments[0] !== 'service') {
	process.stderr.write('usage: site-service-holder.ts <site port> <service name> service create …\n');
	process.exit(2);
}
const service = serviceArgument;
// Timed, as Directus's own lines are: the log tells how long each step of a start took.
const log = (message: string) => process.stdout.write(`${new Date().toISOString()} [swarm] ${service}: ${message}\n`);

let stopping = false;
let logs: ChildProcess | null = null;
const forwarder = new TaskForwarder({ host: '127.0.0.1', port: Number(portText), locate: () => locateTask(service), waitMs: CONNECTION_WAIT_MS, cacheMs: TASK_CACHE_MS, log });

async function stop(signal: string): Promise<void> {
	if (stopping) return;
	stopping = true;
	log(`${signal}: removing the service`);
	forwarder.close();
	logs?.kill();
	try {
		await removeService(service);
		process.exit(0);
	} catch (error) {
		log(`could not remove the service: ${(error as Error).message}`);
		process.exit(1);
	}
}

process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

const spec = specLabelOf(createArguments);
try {
	if (spec !== null && (await specOfServingService(service)) === spec) {
		// Left by the holder of a runtime that was replaced, made as this holder would make it: the
		// site keeps its task, and no request waits for a cold boot.
		await forwarder.listen();
		log('took over the running service, made from the same spec by an earlier holder');
	} else {
		// A service of this name left by a holder that was killed, with another spec (or none).
		await removeService(service);
		await forwarder.listen();
		await createService(createArguments);
		log('service created');
	}
} catch (error) {
	log(`could not start: ${(error as Error).message}`);
	await removeService(service).catch(() => undefined);
	process.exit(1);
}

// The service's output, in the site's log, from whichever node its task runs on.
logs = spawn('docker', ['service', 'logs', '--follow', '--raw', '--since', '1s', service], { stdio: ['ignore', 'inherit', 'inherit'] });
logs.on('error', (error) => log(`cannot follow the service's log: ${error.message}`));

const watch = setInterval(() => {
	serviceExists(service)
		.then((exists) => {
			if (exists || stopping) return;
			log('the service was removed from outside the runtime');
			clearInterval(watch);
			logs?.kill();
			process.exit(1);
		})
		.catch((error: Error) => log(`cannot check the service: ${error.message}`));
}, SERVICE_CHECK_MS);
