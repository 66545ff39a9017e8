import { describe, expect, it } from 'vitest';
import { specLabelOf, withSpecLabel } from './service-spec-label.ts';

const createArguments = ['service', 'create', '--detach', '--name=epic-site-a', '--env=SECRET', '--env=HOME=/tmp', 'epic/site:latest'];
const env = { SECRET: 'first-secret', PATH: '/usr/bin' };

describe('the spec label of a site service', () => {
	it('is added after `service create` and read back from the command line', () => {
		const labelled = withSpecLabel(createArguments, env);
		expect(labelled.slice(0, 2)).toEqual(['service', 'create']);
		expect(labelled[2]).toMatch(/^--label=epic\.spec=[0-9a-f]{64}$/);
		expect(labelled.slice(3)).toEqual(createArguments.slice(2));
		expect(specLabelOf(labelled)).toBe(labelled[2]!.slice('--label=epic.spec='.length));
		expect(specLabelOf(createArguments)).toBeNull();
	});

	it('is the same for the same arguments and values, whatever else the environment holds', () => {
		const first = specLabelOf(withSpecLabel(createArguments, env));
		expect(specLabelOf(withSpecLabel(createArguments, { ...env, PATH: '/bin', UNRELATED: 'x' }))).toBe(first);
	});

	it('changes with a value passed by name (a secret rotated, a new URL) and with any argument', () => {
		const first = specLabelOf(withSpecLabel(createArguments, env));
		expect(specLabelOf(withSpecLabel(createArguments, { ...env, SECRET: 'second-secret' }))).not.toBe(first);
		expect(
			specLabelOf(
				withSpecLabel(
					createArguments.map((argument) => argument.replace('latest', 'next')),
					env,
				),
			),
		).not.toBe(first);
		// A value moved from one variable to the next is another spec, not the same bytes.
		const two = ['service', 'create', '--env=A', '--env=B', 'image'];
		expect(specLabelOf(withSpecLabel(two, { A: 'xy', B: '' }))).not.toBe(specLabelOf(withSpecLabel(two, { A: 'x', B: 'y' })));
	});

	it('refuses what is not a service create command line, or one labelled already', () => {
		expect(() => withSpecLabel(['service', 'update', 'epic-site-a'], env)).toThrow('not a docker service create command line');
		expect(() => withSpecLabel(withSpecLabel(createArguments, env), env)).toThrow('already carries a spec label');
	});
});
