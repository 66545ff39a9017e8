/**
 * vitest's own order (tests/setup is the only place it changes): projects one after another by
 * name, groups by `sequence.groupOrder` (vitest.config.ts: the swarm file that times a node's loss
 * first, alone). After it, every other file as vitest orders it, then the `stack` and `swarm` files
 * (`npm test` runs them in a lane of their own, one at a time: scripts/test-lanes.ts): the two
 * stack files that start no stack, then the swarm files, which need only the local base image, then
 * the stack files, which wait for the stack's images (built from the run's start, up to 25 minutes
 * on a new machine).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const STACKLESS_STACK_FILES = ['tests/stack/compose-config.test.ts', 'tests/stack/swarm-stack-config.test.ts'];

const isFile = (file: TestSpecification, paths: string[]) => paths.some((candidate) => file.moduleId.endsWith(candidate));

/** The files after the first group, in the order they should start (see the module's comment). */
export function machineOrder(files: TestSpecification[]): TestSpecification[] {
	const isMachine = (file: TestSpecification) => file.project.name === 'stack' || file.project.name === 'swarm';
	const stackless = files.filter((file) => isFile(file, STACKLESS_STACK_FILES));
	const swarm = files.filter((file) => file.project.name === 'swarm');
	const stacks = files.filter((file) => file.project.name === 'stack' && !stackless.includes(file));
	return [...files.filter((file) => !isMachine(file)), ...stackless, ...swarm, ...stacks];
}

export default class MachineSequencer extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		const sorted = await super.sort(files);
		// The first group (the timed swarm file) as vitest orders it.
		const first = sorted.filter((file) => (file.project.config.sequence.groupOrder ?? 0) === 0);
		const rest = sorted.filter((file) => !first.includes(file));
		return [...first, ...machineOrder(rest)];
	}
}
