/**
 * The production stack's images, built while the other suites run: the build is mostly one compiler
 * on one core, so holding every test back for it left the other core idle for the whole build on a
 * new machine. The global setup starts it and writes the outcome to a file; the stack suite waits
 * for that file before it starts the stack.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoPath } from '@epic/node-support/paths';

const OUTCOME_FILE = repoPath('node_modules', '.cache', 'stack-images.json');

type Outcome = { state: 'built'; seconds: number } | { state: 'failed'; error: string };

/** Starts `build` and records how it ends; the promise settles with the build, never rejects. */
export function recordStackImageBuild(build: () => Promise<void>, log: (message: string) => void): Promise<void> {
	mkdirSync(path.dirname(OUTCOME_FILE), { recursive: true });
	rmSync(OUTCOME_FILE, { force: true });
	const started = Date.now();
	const write = (outcome: Outcome) => writeFileSync(OUTCOME_FILE, JSON.stringify(outcome));
	return build().then(
		() => {
			const seconds = Math.round((Date.now() - started) / 1000);
			log(`built in ${seconds} s`);
			write({ state: 'built', seconds });
		},
		(error: Error) => {
			log(`the build failed: ${error.message}`);
			write({ state: 'failed', error: error.message });
		},
	);
}

/** Resolves once the images are built; throws the build's failure, or after `timeoutMs` without an outcome. */
export async function waitForStackImages(timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!existsSync(OUTCOME_FILE)) {
		if (Date.now() > deadline) throw new Error(`The stack's images were not built within ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 2000));
	}
	const outcome = JSON.parse(readFileSync(OUTCOME_FILE, 'utf8')) as Outcome;
	if (outcome.state === 'failed') throw new Error(`Building the stack's images failed: ${outcome.error}`);
}
