/**
 * vitest global setup of the production stack suite: its images, built from this checkout before
 * any test file runs (the build uses both cores; the suites beside it would only slow it down).
 */
import { ensureDocker } from '@epic/local-platform/test-prerequisites';
import { buildStackImages } from '../support/production-stack.ts';

export default async function setup() {
	const log = (message: string) => console.log(`[stack images] ${message}`);
	await ensureDocker(log);
	const started = Date.now();
	log('docker-compose build (the first build on a machine takes several minutes; an unchanged checkout, seconds)…');
	await buildStackImages();
	log(`built in ${Math.round((Date.now() - started) / 1000)} s`);
}
