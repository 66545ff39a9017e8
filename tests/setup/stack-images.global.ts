/**
 * vitest global setup of the production stack suite: its images, built from this checkout.
 *
 * The build is started here and not awaited: the stack files start after the browser files
 * (tests/setup/machine-sequencer.ts), so the build (10 to 26 minutes on a new machine, much of it
 * waiting on Debian's and npm's downloads) goes on while the other projects' files run, instead of
 * holding every one of them back. A stack file waits for it through
 * `stackImagesBuilt()` (tests/support/stack-images.ts), which also fails with the build's error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDocker } from '@epic/local-platform/test-prerequisites';
import { buildStackImages } from '../support/production-stack.ts';
import { writeStackImagesOutcome } from '../support/stack-images.ts';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Where the global setup writes how the stack's image build ended (tests/support/stack-images.ts). */
		stackImagesOutcomeFile: string;
	}
}

export default async function setup(project: TestProject) {
	const log = (message: string) => console.log(`[stack images] ${message}`);
	await ensureDocker(log);
	const folder = mkdtempSync(path.join(tmpdir(), 'epic-stack-images-'));
	const outcomeFile = path.join(folder, 'outcome.json');
	project.provide('stackImagesOutcomeFile', outcomeFile);
	const started = Date.now();
	log('docker-compose build, beside the other projects (the first build on a machine takes several minutes; an unchanged checkout, seconds)…');
	const build = buildStackImages().then(
		() => {
			log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
			writeStackImagesOutcome(outcomeFile, { built: true });
		},
		(error: unknown) => {
			log(`the build failed: ${String(error)}`);
			writeStackImagesOutcome(outcomeFile, { built: false, error: error instanceof Error ? error.message : String(error) });
		},
	);
	return async () => {
		// A run that ends early (a filter, a failure elsewhere) still lets the build finish, so no
		// half-written image or stray build container is left.
		await build;
		rmSync(folder, { recursive: true, force: true });
	};
}
