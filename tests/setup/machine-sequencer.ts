/**
 * vitest's own order (tests/setup is the only place it changes): projects one after another by
 * name, groups by `sequence.groupOrder` (vitest.config.ts). Within the second group, the `stack` and
 * `swarm` files are spread among the other files instead of following them all, and the unit files
 * come last.
 *
 * They go among the files after the browser files: those load the machine most (two Chromiums
 * and their stacks, a load of 13 to 17 on two cores), and a new machine has built the stack's
 * images by then (from the run's start, about 25 minutes there). Each kind holds its machine lock
 * (tests/support/machine-lock.ts), so two files of one kind side by side would leave a worker
 * waiting: a swarm file and a stack file take turns, spread apart. The swarm file that times a
 * node's loss is the first group's, alone.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const STACKLESS_STACK_FILES = ['tests/stack/compose-config.test.ts', 'tests/stack/swarm-stack-config.test.ts'];

/** [a1, a2, a3] and [b1] give [a1, b1, a2, a3]. */
function alternate<T>(lists: T[][]): T[] {
	const longest = Math.max(0, ...lists.map((list) => list.length));
	return Array.from({ length: longest }, (_, index) => lists.flatMap((list) => (index < list.length ? [list[index]!] : []))).flat();
}

const isFile = (file: TestSpecification, paths: string[]) => paths.some((candidate) => file.moduleId.endsWith(candidate));

/** `extra` put into `base` at even intervals from index `from` on: [b0, b1, b2, b3] and [x] from 1 give [b0, b1, x, b2, b3]. */
export function spreadAmong<T>(base: T[], extra: T[], from: number): T[] {
	if (extra.length === 0) return [...base];
	const start = Math.min(Math.max(from, 0), base.length);
	const step = (base.length - start) / extra.length;
	const result = base.slice(0, start);
	let next = 0;
	for (let index = start; index < base.length; index++) {
		// Each extra item goes halfway into its share of the files, so none lands at either end.
		while (next < extra.length && index - start >= Math.floor(step * next + step / 2)) result.push(extra[next++]!);
		result.push(base[index]!);
	}
	return [...result, ...extra.slice(next)];
}

/** The second group's files in the order they should start (see the module's comment). */
export function machineOrder(files: TestSpecification[]): TestSpecification[] {
	const isMachine = (file: TestSpecification) => file.project.name === 'stack' || file.project.name === 'swarm';
	// Among the files that take minutes: spread by count over the unit files too (184 of them, a
	// second or less each), most stack and swarm files landed among those at the very end, one after
	// another, while the other worker ran out of files. The unit files go last.
	const isUnit = (file: TestSpecification) => file.project.name === 'unit';
	const others = files.filter((file) => !isMachine(file) && !isUnit(file));
	const units = files.filter(isUnit);
	const swarm = files.filter((file) => file.project.name === 'swarm');
	const stacks = files.filter((file) => file.project.name === 'stack' && !isFile(file, STACKLESS_STACK_FILES));
	const stackless = files.filter((file) => isFile(file, STACKLESS_STACK_FILES));
	const afterBrowser = others.findLastIndex((file) => file.project.name === 'browser') + 1;
	return [...stackless, ...spreadAmong(others, alternate([swarm, stacks]), afterBrowser), ...units];
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
