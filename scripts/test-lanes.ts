/**
 * How `npm test` runs vitest: in lanes, one after the other.
 *
 * 1. `sites-on-swarm.test.ts` (project `swarm-timed`) alone: it times a node's loss (its site back
 *    within 30 s), which a loaded machine stretches past that (34.5 s beside the unit tests, 15.5 alone).
 * 2. Every other project on two workers, one per core, the `stack` and `swarm` files spread among
 *    the others (tests/setup/machine-sequencer.ts). A third process running those files beside the
 *    two workers was tried (2026-12-02): they wait less than they compute, the machine ran at a load
 *    of 15 to 17, and swarm and stack files failed their ceilings.
 *
 * With arguments (`npm test -- --project unit`), one vitest process runs with them, as asked.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { NODE_22 } from '@epic/node-support/directus';
import { repoPath } from '@epic/node-support/paths';

export interface VitestLane {
	name: string;
	args: string[];
}

export interface LaneOutcome {
	name: string;
	/** vitest's exit code (1 when it was killed by a signal). */
	code: number;
	passed: number;
	failed: number;
	skipped: number;
	seconds: number;
}

const TIMED_PROJECT = 'swarm-timed';

export const TIMED_LANE: VitestLane = { name: 'timed swarm', args: [`--project=${TIMED_PROJECT}`] };
export const REST_LANE: VitestLane = { name: 'every other project', args: [`--project=!${TIMED_PROJECT}`] };

const resultsFile = (lane: VitestLane) => repoPath('node_modules', '.cache', `vitest-results-${lane.name.replace(/[^a-z]+/g, '-')}.json`);

/** Runs one vitest process; its output goes to this process's, each line as vitest wrote it. */
export function runLane(lane: VitestLane, log: (message: string) => void): Promise<LaneOutcome> {
	const file = resultsFile(lane);
	rmSync(file, { force: true });
	const started = Date.now();
	log(`vitest lane "${lane.name}": ${lane.args.join(' ')}`);
	const vitest = spawn(NODE_22, [repoPath('node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...lane.args], {
		cwd: repoPath(),
		stdio: 'inherit',
	});
	return new Promise((resolve) => {
		let finished = false;
		// A process that cannot be spawned may report both 'error' and 'exit': the lane ends once.
		const finish = (code: number) => {
			if (finished) return;
			finished = true;
			const outcome = { name: lane.name, code, seconds: Math.round((Date.now() - started) / 1000), ...countsIn(file) };
			log(`vitest lane "${lane.name}" ended after ${outcome.seconds} s: ${outcome.passed} passed, ${outcome.failed} failed (exit ${code})`);
			resolve(outcome);
		};
		vitest.on('error', (error) => {
			log(`vitest lane "${lane.name}" could not start: ${error.message}`);
			finish(1);
		});
		vitest.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
	});
}

/** The lanes above, or one process with the caller's arguments. */
export async function runTestLanes(extraArgs: string[], log: (message: string) => void): Promise<LaneOutcome[]> {
	if (extraArgs.length > 0) return [await runLane({ name: 'as asked', args: extraArgs }, log)];
	const timed = await runLane(TIMED_LANE, log);
	return [timed, await runLane(REST_LANE, log)];
}

/** A lane whose results file is missing (vitest died before writing it) counts one failure. */
function countsIn(file: string): Pick<LaneOutcome, 'passed' | 'failed' | 'skipped'> {
	if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
	const results = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
	return { passed: results.numPassedTests, failed: results.numFailedTests, skipped: results.numPendingTests + results.numTodoTests };
}

/** One plain `Tests: N passed, N failed` line over every lane, the closing line CI reads whatever the runner. */
export function plainSummary(outcomes: LaneOutcome[]): string {
	const sum = (key: 'passed' | 'failed' | 'skipped') => outcomes.reduce((total, outcome) => total + outcome[key], 0);
	return `Tests: ${sum('passed')} passed, ${sum('failed')} failed${sum('skipped') ? `, ${sum('skipped')} skipped` : ''}`;
}

/** The run's exit code: the first non-zero exit of a lane, else 1 if any lane counted a failure, else 0. */
export const exitCodeOf = (outcomes: LaneOutcome[]) => outcomes.find((outcome) => outcome.code !== 0)?.code ?? (outcomes.some((o) => o.failed > 0) ? 1 : 0);
