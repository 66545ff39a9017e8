/**
 * `npm test`: prepares the machine (Chromium, PostgreSQL, Redis, Docker and its local base image, CRIU
 * and the site launcher for site checkpoints), type-checks, lints, builds the bundle and the portal from the current source, then
 * runs every vitest project: unit, integration on SQLite and on PostgreSQL, and the browser tests.
 * Extra arguments go to vitest (e.g. `npm test -- --project unit`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { NODE_22 } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';
import { runCommand } from '@epic/node-support/processes';
import { ensureChromium, ensureDocker, ensurePostgres, ensureRedis } from '@epic/local-platform/test-prerequisites';
import { ensureCheckpointTools } from '@epic/local-platform/checkpoint-tools';

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

const RESULTS_FILE = repoPath('node_modules', '.cache', 'vitest-results.json');
mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
rmSync(RESULTS_FILE, { force: true });

const vitest = spawn(
	NODE_22,
	[repoPath('node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${RESULTS_FILE}`, ...process.argv.slice(2)],
	{ cwd: repoPath(), stdio: 'inherit' },
);
vitest.on('exit', (code, signal) => {
	printPlainSummary();
	process.exit(code ?? (signal ? 1 : 0));
});

/** One plain `Tests: N passed, N failed` line, the closing line CI reads whatever the runner. */
function printPlainSummary(): void {
	if (!existsSync(RESULTS_FILE)) return;
	const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as {
		numPassedTests: number;
		numFailedTests: number;
		numPendingTests: number;
		numTodoTests: number;
	};
	const skipped = results.numPendingTests + results.numTodoTests;
	console.log(`Tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
