import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { exitCodeOf, plainSummary, REST_LANE, TIMED_LANE, type LaneOutcome } from '../../scripts/test-lanes.ts';

const outcome = (overrides: Partial<LaneOutcome>): LaneOutcome => ({ name: 'lane', code: 0, passed: 0, failed: 0, skipped: 0, seconds: 1, ...overrides });

/** The projects a lane's `--project` arguments select, as vitest reads them (negations excluded). */
function selected(args: string[], projects: string[]): string[] {
	const names = args.filter((arg) => arg.startsWith('--project=')).map((arg) => arg.slice('--project='.length));
	const wanted = names.filter((name) => !name.startsWith('!'));
	const unwanted = names.filter((name) => name.startsWith('!')).map((name) => name.slice(1));
	return projects.filter((project) => (wanted.length === 0 || wanted.includes(project)) && !unwanted.includes(project));
}

describe("npm test's lanes", () => {
	it('run every project of vitest.config.ts once', () => {
		const projects = (config.test!.projects as { test: { name: string } }[]).map((project) => project.test.name);
		const lanes = [TIMED_LANE, REST_LANE].map((lane) => selected(lane.args, projects));

		expect(lanes.flat().sort()).toEqual([...projects].sort());
		expect(lanes[0]).toEqual(['swarm-timed']);
	});

	it('sum every lane into one closing line, and fail the run when any lane failed', () => {
		const outcomes = [outcome({ passed: 8 }), outcome({ passed: 30, failed: 2, code: 1 }), outcome({ passed: 100, skipped: 1 })];

		expect(plainSummary(outcomes)).toBe('Tests: 138 passed, 2 failed, 1 skipped');
		expect(exitCodeOf(outcomes)).toBe(1);
		expect(exitCodeOf([outcome({ passed: 3 })])).toBe(0);
		// A lane whose results file is missing counts a failure even if vitest exited 0.
		expect(exitCodeOf([outcome({ failed: 1 })])).toBe(1);
	});
});
