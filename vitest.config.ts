/**
 * Test projects: fast unit tests beside the code; the integration suite twice (SQLite and
 * PostgreSQL), each against its own real control plane; the runtime (data plane) suites; browser
 * tests in Debian's Chromium; the production stack and the two-node swarm.
 *
 * `npm test` runs the swarm file that times a node's loss alone first, then everything else
 * (scripts/test-lanes.ts); for a plain `vitest run` the timed file is a group of its own
 * (`sequence.groupOrder` 0). After it, the stack and swarm files are spread among the files after
 * the browser files (tests/setup/machine-sequencer.ts): they spend part of their time waiting on
 * Swarm and on their stacks' health checks, so beside the other files they cost the run less than
 * after them.
 */
import { defineConfig } from 'vitest/config';
import MachineSequencer from './tests/setup/machine-sequencer.ts';
import { SERVICE_CONTAINER_URLS } from './tests/support/service-container-urls.ts';

/** The swarm file that times a node's loss: the first group, alone. */
const TIMED_SWARM_FILE = 'tests/swarm/sites-on-swarm.test.ts';

/** The integration files that also run on PostgreSQL (why these: the project's comment). */
const POSTGRES_INTEGRATION_FILES = [
	'migrations',
	'schema',
	'replicas',
	'customer-access',
	'access-refusals',
	'projects-api',
	'accounts',
	'account-deletion',
	'billing-stripe',
	'auth-every-path',
	'abuse-limits',
].map((file) => `tests/integration/${file}.test.ts`);

/** A runtime with a control plane behind its router per worker, for the files that take one (tests/support/journey-stack.ts). */
const JOURNEY_STACKS = 'tests/setup/journey-stacks.global.ts';

/** After the timed swarm file (group 0). */
const AFTER_THE_TIMED_FILE = { groupOrder: 1 };

const integration = (
	name: string,
	db: 'sqlite3' | 'pg',
	include: string[],
	exclude: string[] = [],
	services: { env: Record<string, string>; globalSetup: string[] } = { env: {}, globalSetup: [] },
	/** More global setups after the worker control planes' (e.g. the journey stacks). */
	alsoSetUp: string[] = [],
) => ({
	test: {
		name,
		include,
		exclude,
		env: { TEST_DB: db, ...services.env },
		globalSetup: [...services.globalSetup, 'tests/setup/control-plane.global.ts', ...alsoSetUp],
		sequence: AFTER_THE_TIMED_FILE,
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
		sequence: AFTER_THE_TIMED_FILE,
		testTimeout: 60_000,
		hookTimeout: 180_000,
	},
});

export default defineConfig({
	test: {
		// Two files at a time, one per core. Files sharing a project's control planes never share
		// one: each worker has its own (tests/setup/control-plane.global.ts).
		maxWorkers: 2,
		sequence: { sequencer: MachineSequencer },
		projects: [
			{
				test: {
					name: 'unit',
					sequence: AFTER_THE_TIMED_FILE,
					include: [
						'extensions/platform/src/**/*.test.ts',
						'portal/src/**/*.test.{ts,tsx}',
						'packages/*/src/**/*.test.ts',
						'runtime/**/*.test.ts',
						'tests/lint/**/*.test.ts',
						'tests/stripe-server/**/*.test.ts',
						'tests/dns-server/**/*.test.ts',
						'tests/setup/**/*.test.ts',
					],
				},
			},
			// Replicas share a database server: PostgreSQL only.
			// The files that need a runtime with a control plane and nothing of their own in either
			// share one per worker (tests/setup/journey-stacks.global.ts), as the browser files do.
			integration('integration-sqlite', 'sqlite3', ['tests/integration/**/*.test.ts'], ['tests/integration/replicas.test.ts'], undefined, [JOURNEY_STACKS]),
			// On PostgreSQL, the files whose outcome the database decides: its migrations and schema,
			// replicas sharing it, the access model's filters and every ownership check (customer-access,
			// access-refusals, projects-api: a domain taken once across tenants), email uniqueness and
			// deletion's search of every table (accounts, account-deletion), the billing events'
			// once-only claims (billing-stripe), and the sign-in lock and rate limits, which a PostgreSQL
			// deployment keeps in Redis (auth-every-path, abuse-limits). Provisioning by a control plane on
			// PostgreSQL, its lease among replicas included, is the stack's: production-stack provisions a
			// project, replica-loss kills a replica mid-provisioning and the other finishes it with one
			// site. provisioning.test.ts, the longest integration file (3 to 7 minutes of one core on
			// PostgreSQL), runs on SQLite.
			// Every other file tests code whose queries do not differ between the two databases, or what
			// the runtime does with a site (its CORS, log, tier, mail, licence, storage, backups, copies),
			// which runtime-postgres and the swarm files test with PostgreSQL sites; they run on SQLite
			// only, for time (each boots a control plane and often a runtime of its own: on a slow CI
			// machine the integration files took 28 minutes of the run).
			// On PostgreSQL and Redis in containers (Testcontainers, tests/support/service-containers.ts).
			integration('integration-postgres', 'pg', POSTGRES_INTEGRATION_FILES, [], {
				env: SERVICE_CONTAINER_URLS,
				globalSetup: ['tests/setup/service-containers.global.ts'],
			}),
			// postgres-*.test.ts need PostgreSQL whatever the project's database.
			// The suspend/start cycles reproduce a PostgreSQL failure; they run there only, for time.
			runtime('runtime-sqlite', 'sqlite3', ['tests/runtime/**/*.test.ts'], ['tests/runtime/postgres-*.test.ts', 'tests/runtime/suspend-start-cycles.test.ts']),
			// Backups, upgrades and the making of PostgreSQL sites (pg_dump and pg_restore, a failed
			// migration undone from its backup, each site its own database and role, several at once)
			// are the swarm files' and postgres-*.test.ts', whose sites all run on PostgreSQL
			// (storage-on-swarm, upgrades-on-swarm, sites-on-swarm, postgres-containers): instances,
			// backups and upgrades run on SQLite only, for time (about three minutes of one core each on
			// a new CI machine); what they test beyond the site's database is the router's and the
			// runtime's own, the same for both.
			runtime('runtime-postgres', 'pg', ['tests/runtime/suspend-start-cycles.test.ts', 'tests/runtime/postgres-*.test.ts']),
			// docker-compose.yml as production runs it, its images built from the checkout (tests/setup/stack-images.global.ts).
			{
				test: {
					name: 'stack',
					include: ['tests/stack/**/*.test.ts'],
					// Each stack takes the host's ports 80 and 443 (Caddy): one stack at a time
					// (tests/support/machine-lock.ts).
					sequence: AFTER_THE_TIMED_FILE,
					// The images build in the background from the start of the run (the files wait for them).
					globalSetup: ['tests/setup/stack-images.global.ts'],
					testTimeout: 60_000,
					hookTimeout: 600_000,
				},
			},
			// A swarm of two Docker engines on this machine (tests/support/swarm/): one file at a time
			// (tests/support/machine-lock.ts). The file that times a node's loss runs first, on a
			// machine that is not running two other suites at once; the others among the other files,
			// with ceilings for a loaded machine (a site's boot in a task took over a minute at a load
			// of 15).
			{
				test: {
					name: 'swarm-timed',
					include: [TIMED_SWARM_FILE],
					testTimeout: 120_000,
					hookTimeout: 300_000,
				},
			},
			{
				test: {
					name: 'swarm',
					include: ['tests/swarm/**/*.test.ts'],
					exclude: [TIMED_SWARM_FILE],
					sequence: AFTER_THE_TIMED_FILE,
					testTimeout: 240_000,
					hookTimeout: 600_000,
				},
			},
			{
				test: {
					name: 'browser',
					include: ['tests/e2e/**/*.test.ts'],
					sequence: AFTER_THE_TIMED_FILE,
					env: { TEST_DB: 'sqlite3' },
					globalSetup: ['tests/setup/control-plane.global.ts', JOURNEY_STACKS],
					// A ceiling for a test that hangs, as the integration files': on a new CI machine whose
					// two cores ran two browser files beside the stack's image build (a load of 13 to 17),
					// a test that signs in, opens a dialog three times and runs axe twice took over 60 s.
					testTimeout: 120_000,
					hookTimeout: 180_000,
				},
			},
		],
	},
});
