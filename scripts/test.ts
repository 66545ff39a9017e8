/**
 * `npm test`: prepares the machine (Chromium, PostgreSQL, Redis, Docker and its local base image, CRIU
 * and the site launcher for site checkpoints), type-checks, lints, builds the bundle and the portal from the current source, then
 * runs every vitest project: unit, integration on SQLite and on PostgreSQL, runtime, browser, the
 * production stack and the swarm, in the lanes of scripts/test-lanes.ts.
 * Extra arguments go to vitest (e.g. `npm test -- --project unit`).
 */
import { repoPath } from '@epic/node-support/paths';
import { runCommand } from '@epic/node-support/processes';
import { ensureChromium, ensureDocker, ensurePostgres, ensureRedis } from '@epic/local-platform/test-prerequisites';
import { ensureCheckpointTools } from '@epic/local-platform/checkpoint-tools';
import { exitCodeOf, plainSummary, runTestLanes } from './test-lanes.ts';

const log = (message: string) => console.log(`[test] ${message}`);

await ensureChromium(log);
await ensurePostgres(log);
await ensureRedis(log);
// The Docker driver's tests: the engine (Debian's docker.io) and the local base image their sites run from.
await ensureDocker(log);
// Built here once, before test files running side by side each ask for them. Never stops the run:
// without them the checkpoint tests fail saying why, and every other test runs as before.
const checkpointTools = await ensureCheckpointTools(log);
if (!checkpointTools.ok) log(`site checkpoints are unavailable on this machine (${checkpointTools.reason}): the tests that checkpoint sites will fail`);

// Each of these is one single-threaded Node process: two at a time use both of a CI machine's cores.
log('Type-checking (packages, extension, portal, runtime, tests, scripts) and linting (import boundaries, floating promises, React hooks)…');
await Promise.all([
	runCommand('npm', ['run', 'typecheck'], { label: 'npm run typecheck', cwd: repoPath() }),
	runCommand('npm', ['run', 'lint'], { label: 'npm run lint', cwd: repoPath() }).then(() =>
		// One formatter for the whole repository (.prettierrc.json): `npm run format` writes what this checks.
		runCommand('npm', ['run', 'format:check'], { label: 'npm run format:check', cwd: repoPath() }),
	),
]);

log('Building extensions/platform and portal…');
await Promise.all(
	['extensions/platform', 'portal'].map((workspace) => runCommand('npm', ['run', 'build', '--workspace', workspace], { label: `build ${workspace}`, cwd: repoPath() })),
);

// In lanes, so the files that mostly wait do it beside the others (scripts/test-lanes.ts).
const outcomes = await runTestLanes(process.argv.slice(2), log);
console.log(plainSummary(outcomes));
process.exit(exitCodeOf(outcomes));
