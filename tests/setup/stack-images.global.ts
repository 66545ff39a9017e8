/**
 * vitest global setup of the production stack suite: its images, built from this checkout while
 * the other suites run (tests/support/stack-images.ts); the stack suite waits for them. The run
 * ends only once the build has.
 */
import { ensureDocker } from '@epic/platform-launcher/test-prerequisites';
import { buildStackImages } from '../support/production-stack.ts';
import { recordStackImageBuild } from '../support/stack-images.ts';

export default async function setup() {
	const log = (message: string) => console.log(`[stack images] ${message}`);
	await ensureDocker(log);
	log('docker-compose build, beside the other suites (the first build on a machine takes several minutes; an unchanged checkout, seconds)…');
	const build = recordStackImageBuild(buildStackImages, log);
	return async () => {
		await build;
	};
}
