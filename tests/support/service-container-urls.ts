/**
 * Where the service containers (service-containers.ts) listen. Their host ports are fixed, so the
 * vitest project can name them in its environment before any worker starts, and below Linux's
 * ephemeral range (32768 and up), where no client connection can hold them; both need a password,
 * since Docker publishes them on every address of the host. Nothing heavy is imported here: the
 * vitest config reads it.
 */
export const SERVICE_PASSWORD = 'epic-test-service-password';

export const SERVICE_CONTAINERS = {
	postgres: { image: 'epic/test-postgres:15', dockerfile: 'docker/postgres.Dockerfile', containerPort: 5432, hostPort: 15432 },
	redis: { image: 'epic/test-redis:7', dockerfile: 'docker/redis.Dockerfile', containerPort: 6379, hostPort: 16379 },
} as const;

/** What the integration suite on PostgreSQL is given as TEST_PG_URL and TEST_REDIS_URL. */
export const SERVICE_CONTAINER_URLS = {
	TEST_PG_URL: `postgres://postgres:${SERVICE_PASSWORD}@127.0.0.1:${SERVICE_CONTAINERS.postgres.hostPort}/postgres`,
	TEST_REDIS_URL: `redis://:${SERVICE_PASSWORD}@127.0.0.1:${SERVICE_CONTAINERS.redis.hostPort}`,
};
