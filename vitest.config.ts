/**
 * Test projects: fast unit tests beside the code; the integration suite twice (SQLite and
 * PostgreSQL), each against its own real control plane; the runtime (data plane) suites; browser
 * tests in Debian's Chromium.
 */
import { defineConfig } from 'vitest/config';
import { SERVICE_CONTAINER_URLS } from './tests/support/service-container-urls.ts';

const integration = (
	name: string,
	db: 'sqlite3' | 'pg',
	exclude: string[] = [],
	services: { env: Record<string, string>; globalSetup: string[] } = { env: {}, globalSetup: [] },
) => ({
	test: {
		name,
		include: ['tests/integration/**/*.test.ts'],
		exclude,
		env: { TEST_DB: db, ...services.env },
		globalSetup: [...services.globalSetup, 'tests/setup/control-plane.global.ts'],
		// A ceiling for a test that hangs, not a measure of speed: on a CI machine whose two cores run
		// two files, a browser and the stack's image build at once (a load of 12 to 15), six backups
		// took over 30 s.
		testTimeout: 120_000,
		hookTimeout: 180_000,
	},
});

/** The data plane: real runtime processes, each test file with its own (SQLite, or PostgreSQL). */
const runtime = (name: string, db: 'sqlite3' | 'pg', include: string[], exclude: string[] = []) => ({
	test: {
		name,
		include,
		exclude,
		env: { RUNTIME_TEST_DB: db },
		testTimeout: 60_000,
		hookTimeout: 180_000,
	},
});

export default defineConfig({
	test: {
		// Two files at a time, one per core. Files sharing a project's control planes never share
		// one: each worker has its own (tests/setup/control-plane.global.ts).
		maxWorkers: 2,
		projects: [
			{
				test: {
					name: 'unit',
					include: [
						'extensions/platform/src/**/*.test.ts',
						'portal/src/**/*.test.{ts,tsx}',
						'packages/*/src/**/*.test.ts',
						'runtime/**/*.test.ts',
						'tests/lint/**/*.test.ts',
						'tests/stripe-server/**/*.test.ts',
						'tests/dns-server/**/*.test.ts',
					],
				},
			},
			// Replicas share a database server: PostgreSQL only.
			integration('integration-sqlite', 'sqlite3', ['tests/integration/replicas.test.ts']),
			// Once, on SQLite, for time: the usage figures come from the router's counts and the DNS
			// check from DNS; allowed origins, the site log, the tier and site mail are read or applied
			// by the runtime through the site's environment, its log and its API, whatever its database.
			// The control plane's database holds nothing for any of them but the project's row, and
			// each of these files boots a control plane and a runtime of its own.
			// On PostgreSQL and Redis in containers (Testcontainers, tests/support/service-containers.ts).
			integration(
				'integration-postgres',
				'pg',
				['project-usage', 'dns-verify', 'project-cors', 'project-logs', 'project-tier', 'site-mail'].map((file) => `tests/integration/${file}.test.ts`),
				{
					env: SERVICE_CONTAINER_URLS,
					globalSetup: ['tests/setup/service-containers.global.ts'],
				},
			),
			// postgres-*.test.ts need PostgreSQL whatever the project's database.
			// The suspend/start cycles reproduce a PostgreSQL failure; they run there only, for time.
			runtime('runtime-sqlite', 'sqlite3', ['tests/runtime/**/*.test.ts'], ['tests/runtime/postgres-*.test.ts', 'tests/runtime/suspend-start-cycles.test.ts']),
			runtime('runtime-postgres', 'pg', [
				'tests/runtime/instances.test.ts',
				'tests/runtime/backups.test.ts',
				'tests/runtime/upgrades.test.ts',
				'tests/runtime/suspend-start-cycles.test.ts',
				'tests/runtime/postgres-*.test.ts',
			]),
			// docker-compose.yml as production runs it, its images built from the checkout (tests/setup/stack-images.global.ts).
			{
				test: {
					name: 'stack',
					include: ['tests/stack/**/*.test.ts'],
					// Each stack takes the host's ports 80 and 443 (Caddy): one stack at a time.
					fileParallelism: false,
					// The images build in the background from the start of the run (the files wait for them).
					globalSetup: ['tests/setup/stack-images.global.ts'],
					testTimeout: 60_000,
					hookTimeout: 600_000,
				},
			},
			// A swarm of two Docker engines on this machine (tests/support/swarm/): one file at a time.
			{
				test: {
					name: 'swarm',
					include: ['tests/swarm/**/*.test.ts'],
					fileParallelism: false,
					testTimeout: 120_000,
					hookTimeout: 300_000,
				},
			},
			{
				test: {
					name: 'browser',
					include: ['tests/e2e/**/*.test.ts'],
					env: { TEST_DB: 'sqlite3' },
					globalSetup: ['tests/setup/control-plane.global.ts'],
					testTimeout: 60_000,
					hookTimeout: 180_000,
				},
			},
		],
	},
});
