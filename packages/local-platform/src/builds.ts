/** Builds the extension bundle and the portal when their output is missing (first run of a clone). */
import { existsSync } from 'node:fs';
import { repoPath } from '@epic/node-support/paths';
import { runCommand } from '@epic/node-support/processes';

const BUILDS = [
	{ workspace: 'extensions/platform', output: repoPath('extensions', 'platform', 'dist', 'api.js') },
	{ workspace: 'portal', output: repoPath('portal', 'dist', 'index.html') },
];

export async function buildMissingOutputs(log: (message: string) => void): Promise<void> {
	for (const build of BUILDS) {
		if (existsSync(build.output)) continue;
		log(`Building ${build.workspace}…`);
		await runCommand('npm', ['run', 'build', '--workspace', build.workspace], {
			label: `npm run build --workspace ${build.workspace}`,
			cwd: repoPath(),
		});
	}
}
