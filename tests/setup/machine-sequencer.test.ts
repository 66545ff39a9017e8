import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { machineOrder } from './machine-sequencer.ts';

/** A test file as the sequencer sees it: its path and its project's name. */
const file = (project: string, name: string) => ({ moduleId: `/repo/tests/${name}.test.ts`, project: { name: project } }) as unknown as TestSpecification;
const names = (files: TestSpecification[]) => files.map((spec) => spec.moduleId.replace('/repo/tests/', '').replace('.test.ts', ''));

describe('machineOrder', () => {
	it('keeps the other files in their order, then the stackless stack files, the swarm files and the stack files, every file once', () => {
		const ordered = machineOrder([
			file('browser', 'e2e/b0'),
			file('stack', 'stack/production-stack'),
			file('swarm', 'swarm/s0'),
			file('integration-sqlite', 'integration/i0'),
			file('stack', 'stack/compose-config'),
			file('swarm', 'swarm/s1'),
			file('unit', 'setup/u0'),
		]);

		expect(names(ordered)).toEqual(['e2e/b0', 'integration/i0', 'setup/u0', 'stack/compose-config', 'swarm/s0', 'swarm/s1', 'stack/production-stack']);
	});
});
