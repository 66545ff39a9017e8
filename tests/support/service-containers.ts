/**
 * PostgreSQL and Redis in containers (Testcontainers), for the control plane's integration suite on
 * PostgreSQL, next to the machine's own services. Their images are built from the repository's
 * Dockerfiles (docker/postgres.Dockerfile, docker/redis.Dockerfile) on the local base image, since
 * no registry can be reached; a rebuild with nothing changed takes about a second.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { repoPath } from '@epic/node-support/paths';
import { ensureDocker, TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';
import { SERVICE_CONTAINERS, SERVICE_PASSWORD } from './service-container-urls.ts';
import { useTestcontainersOnThisMachine } from './testcontainers-here.ts';

const run = promisify(execFile);
const LABEL = 'epic.test-service';

async function image(service: keyof typeof SERVICE_CONTAINERS): Promise<GenericContainer> {
	const { image, dockerfile } = SERVICE_CONTAINERS[service];
	return GenericContainer.fromDockerfile(repoPath(), dockerfile).withBuildArgs({ BASE_IMAGE: TEST_SITE_BASE_IMAGE }).build(image, { deleteOnExit: false });
}

function withServiceSettings(container: GenericContainer, service: keyof typeof SERVICE_CONTAINERS): GenericContainer {
	const { containerPort, hostPort } = SERVICE_CONTAINERS[service];
	return container.withExposedPorts({ container: containerPort, host: hostPort }).withLabels({ [LABEL]: service });
}

/** Starts both; resolves once PostgreSQL passes its health check and Redis listens. */
export async function startServiceContainers(log: (message: string) => void): Promise<StartedTestContainer[]> {
	useTestcontainersOnThisMachine();
	await ensureDocker(log);
	await removeLeftovers();
	log('building and starting the PostgreSQL and Redis containers…');
	const [postgresImage, redisImage] = await Promise.all([image('postgres'), image('redis')]);
	const started = await Promise.allSettled([
		withServiceSettings(postgresImage, 'postgres')
			.withEnvironment({ POSTGRES_PASSWORD: SERVICE_PASSWORD })
			.withWaitStrategy(Wait.forHealthCheck())
			.withStartupTimeout(60_000)
			.start(),
		withServiceSettings(redisImage, 'redis')
			.withCommand(['--save', '', '--appendonly', 'no', '--requirepass', SERVICE_PASSWORD])
			.withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
			.start(),
	]);
	const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
	const failure = started.find((result) => result.status === 'rejected');
	if (failure) {
		await Promise.all(running.map((container) => container.stop()));
		throw failure.reason;
	}
	return running;
}

/** Containers a killed run left behind would hold the fixed ports. */
async function removeLeftovers(): Promise<void> {
	const { stdout } = await run('docker', ['ps', '--all', '--quiet', '--filter', `label=${LABEL}`]);
	const ids = stdout.split('\n').filter(Boolean);
	if (ids.length) await run('docker', ['rm', '--force', ...ids]);
}
