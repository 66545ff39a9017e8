import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { machineOrder, spreadAmong } from './machine-sequencer.ts';

/** A test file as the sequencer sees it: its path and its project's name. */
const file = (project: string, name: string) => ({ moduleId: `/repo/tests/${name}.test.ts`, project: { name: project } }) as unknown as TestSpecification;
const names = (files: TestSpecification[]) => files.map((spec) => spec.moduleId.replace('/repo/tests/', '').replace('.test.ts', ''));

describe('spreadAmong', () => {
	it('puts the extra items at even intervals from the given index, none at either end', () => {
		expect(spreadAmong(['b0', 'b1', 'b2', 'b3'], ['x'], 1)).toEqual(['b0', 'b1', 'x', 'b2', 'b3']);
		expect(spreadAmong(['b0', 'b1', 'b2', 'b3', 'b4', 'b5'], ['x', 'y'], 0)).toEqual(['b0', 'x', 'b1', 'b2', 'b3', 'y', 'b4', 'b5']);
		expect(spreadAmong(['b0'], ['x', 'y'], 1)).toEqual(['b0', 'x', 'y']);
		expect(spreadAmong(['b0', 'b1'], [], 0)).toEqual(['b0', 'b1']);
	});
});

describe('machineOrder', () => {
	it('spreads the swarm and stack files, in turn, over the files after the browser files, the unit files last, and keeps every file once', () => {
		const browser = Array.from({ length: 4 }, (_, index) => file('browser', `e2e/b${index}`));
		const integration = Array.from({ length: 8 }, (_, index) => file('integration-sqlite', `integration/i${index}`));
		const swarm = [file('swarm', 'swarm/s0'), file('swarm', 'swarm/s1')];
		const stacks = [file('stack', 'stack/production-stack'), file('stack', 'stack/replica-loss'), file('stack', 'stack/compose-config')];
		const units = [file('unit', 'setup/u0'), file('unit', 'setup/u1')];
		const ordered = machineOrder([...units, ...browser, ...integration, ...stacks, ...swarm]);

		expect(names(ordered)).toEqual([
			'stack/compose-config',
			'e2e/b0',
			'e2e/b1',
			'e2e/b2',
			'e2e/b3',
			'integration/i0',
			'swarm/s0',
			'integration/i1',
			'integration/i2',
			'stack/production-stack',
			'integration/i3',
			'integration/i4',
			'swarm/s1',
			'integration/i5',
			'integration/i6',
			'stack/replica-loss',
			'integration/i7',
			'setup/u0',
			'setup/u1',
		]);
	});
});
