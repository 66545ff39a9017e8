/**
 * How the stack's image build, started by tests/setup/stack-images.global.ts in the background,
 * ended: written there once, read by the stack files before they start a stack.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

export type StackImagesOutcome = { built: true } | { built: false; error: string };

/** Written whole (a rename), so a reader never sees half of it. */
export function writeStackImagesOutcome(file: string, outcome: StackImagesOutcome): void {
	writeFileSync(`${file}.partial`, JSON.stringify(outcome));
	renameSync(`${file}.partial`, file);
}

/**
 * How long a stack file waits for the build, as its own hook's timeout: a file run on its own on a
 * new machine waits for all of it (about ten minutes measured, built from nothing).
 */
export const STACK_IMAGES_WAIT_MS = 30 * 60_000;

/** Resolves once the images are built; throws the build's own error when it failed. */
export async function stackImagesBuilt(): Promise<void> {
	const file = inject('stackImagesOutcomeFile');
	while (!existsSync(file)) await sleep(1000);
	const outcome = JSON.parse(readFileSync(file, 'utf8')) as StackImagesOutcome;
	if (!outcome.built) throw new Error(`the stack's images could not be built: ${outcome.error}`);
}
