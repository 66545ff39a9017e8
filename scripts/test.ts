/**
 * `npm test`: prepares the machine (Chromium, PostgreSQL), type-checks, builds the bundle and the
 * portal from the current source, then runs every vitest project: unit, integration on SQLite and on
 * PostgreSQL, and the browser tests. Extra arguments go to vitest (e.g. `npm test -- --project unit`).
 */
import { spawn } from 'node:child_process';
import { NODE_22 } from './lib/directus-cli.ts';
import { repoPath } from './lib/paths.ts';
import { runCommand } from './lib/processes.ts';
import { ensureChromium, ensurePostgres } from './lib/test-prerequisites.ts';

const log = (message: string) => console.log(`[test] ${message}`);

await ensureChromium(log);
await ensurePostgres(log);

log('Type-checking extension, portal, tests and scripts…');
await runCommand('npm', ['run', 'typecheck'], { label: 'npm run typecheck', cwd: repoPath() });

for (const workspace of ['extensions/platform', 'portal']) {
	log(`Building ${workspace}…`);
	await runCommand('npm', ['run', 'build', '--workspace', workspace], { label: `build ${workspace}`, cwd: repoPath() });
}

const vitest = spawn(NODE_22, [repoPath('node_modules', 'vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], {
	cwd: repoPath(),
	stdio: 'inherit',
});
vitest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
