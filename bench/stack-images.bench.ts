/**
 * `node bench/stack-images.bench.ts` (no npm script: a change to package.json rebuilds every image's
 * installed packages): the production stack's images (docker-compose.yml's builds) built from
 * nothing, as a new machine's test run builds them. Prints JSON: the build's wall time, the
 * machine's busy core-seconds over it (/proc/stat; the bench itself only waits), each image's size
 * and the slowest build steps.
 *
 * Before each build it removes every image made after the local base image (the stack's images,
 * their build stages' intermediate images, any test image built on the base), so only the base image
 * and Debian's and npm's registries are left to build from. The next test run builds them again.
 * Run it on a machine doing nothing else: the build's time is the machine's.
 *
 * Env: BENCH_STACK_IMAGES_BASELINE, a git revision: first builds that revision's tree (a detached
 * git worktree) the same way, for a comparison in the same run.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoPath } from '@epic/node-support/paths';
import { ensureDocker, TEST_SITE_BASE_IMAGE } from '@epic/local-platform/test-prerequisites';
import { stackBuildCommand, stackBuildEnv } from '../tests/support/production-stack.ts';
import { machineReport } from './lib/machine.ts';
import { machineBusySeconds } from './lib/process-cpu.ts';
import { round } from './lib/statistics.ts';

const BASELINE = process.env['BENCH_STACK_IMAGES_BASELINE'];
const SLOWEST_STEPS = 8;
const loadBefore = os.loadavg();

function docker(...args: string[]): string {
	return execFileSync('docker', args, { encoding: 'utf8' }).trim();
}

const imagesAfterBase = () => [...new Set(docker('images', '--all', '--quiet', '--filter', `since=${TEST_SITE_BASE_IMAGE}`).split('\n').filter(Boolean))];

/** Every image made after the base image, intermediate ones included: what a build would reuse. */
function removeImagesAfterBase(): void {
	const ids = imagesAfterBase();
	// Removing an image removes its untagged parents too, so later ids in the list may be gone
	// already and docker rmi fails for them: what counts is that none is left.
	if (ids.length > 0) spawnSync('docker', ['rmi', '--force', ...ids], { stdio: 'ignore' });
	const left = imagesAfterBase();
	if (left.length > 0) throw new Error(`images made after ${TEST_SITE_BASE_IMAGE} could not be removed (a container uses them?): ${left.join(' ')}`);
}

interface Step {
	image: string;
	step: string;
	seconds: number;
}

/** `docker-compose build` in a checkout, timed, with how long each of the builder's steps took. */
async function timedBuild(checkout: string) {
	removeImagesAfterBase();
	const busyBefore = machineBusySeconds();
	const started = performance.now();
	const child = spawn('docker-compose', stackBuildCommand(), { cwd: checkout, env: stackBuildEnv(checkout), stdio: ['ignore', 'pipe', 'pipe'] });
	const steps: Step[] = [];
	let current: { image: string; step: string; at: number } | null = null;
	let image = '';
	const endStep = (at: number) => {
		if (current) steps.push({ image: current.image, step: current.step, seconds: round((at - current.at) / 1000) });
		current = null;
	};
	const tail: string[] = [];
	for await (const line of createInterface({ input: child.stdout })) {
		tail.push(line);
		if (tail.length > 40) tail.shift();
		const building = /^Building ([\w-]+)$/.exec(line);
		const step = /^Step \d+\/\d+ : (.*)$/.exec(line);
		if (building || step) endStep(performance.now());
		if (building) image = building[1]!;
		if (step) current = { image, step: step[1]!.slice(0, 120), at: performance.now() };
	}
	const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
	endStep(performance.now());
	if (exitCode !== 0) throw new Error(`docker-compose build failed in ${checkout} (exit ${exitCode}):\n${tail.join('\n')}`);
	const sizes = Object.fromEntries(
		docker('images', '--filter', 'label=epic.image', '--format', '{{.Repository}}:{{.Tag}} {{.Size}}')
			.split('\n')
			.filter((line) => !line.startsWith('<none>'))
			.map((line) => line.split(' ') as [string, string]),
	);
	return {
		seconds: round((performance.now() - started) / 1000),
		busy_core_seconds: round(machineBusySeconds() - busyBefore),
		image_sizes: sizes,
		slowest_steps: steps.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_STEPS),
	};
}

async function baselineBuild(revision: string) {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'epic-stack-images-baseline-'));
	execFileSync('git', ['worktree', 'add', '--detach', folder, revision], { cwd: repoPath(), stdio: 'ignore' });
	try {
		return { revision, ...(await timedBuild(folder)) };
	} finally {
		execFileSync('git', ['worktree', 'remove', '--force', folder], { cwd: repoPath(), stdio: 'ignore' });
		rmSync(folder, { recursive: true, force: true });
	}
}

await ensureDocker((message) => console.error(`[stack-images bench] ${message}`));
const baseline = BASELINE ? await baselineBuild(BASELINE) : undefined;
const checkout = await timedBuild(repoPath());
console.log(JSON.stringify({ bench: 'stack-images', machine: machineReport(loadBefore), ...(baseline ? { baseline } : {}), checkout }, null, 2));
