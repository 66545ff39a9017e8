/**
 * What a site's service was made from, as a label on it (`epic.spec`): a digest of its `docker
 * service create` arguments and of the values of the variables they pass by name. A holder that
 * starts where a service of its site still runs (the runtime that made it was replaced: a rolling
 * update, a move to another manager) takes that service over when the digest is its own, rather
 * than replacing it and cold-booting the site (docs/swarm.md, A runtime replaced).
 *
 * The digest covers the variables' values, secrets included, so that a site whose secret or URL
 * changed while no runtime ran gets a new task. It reveals nothing the spec does not: Swarm keeps
 * those values in the service's spec, readable by whoever can read the label.
 */
import { createHash } from 'node:crypto';

export const SPEC_LABEL = 'epic.spec';

const LABEL_FLAG = `--label=${SPEC_LABEL}=`;

/** `--env=NAME` (no value): the CLI copies NAME's value from its own environment. */
function nameOnlyVariable(argument: string): string | null {
	const match = /^--env=([^=]+)$/.exec(argument);
	return match ? match[1]! : null;
}

function specDigest(createArguments: string[], env: Record<string, string | undefined>): string {
	const hash = createHash('sha256');
	for (const argument of createArguments) {
		hash.update(argument).update('\0');
		const name = nameOnlyVariable(argument);
		if (name !== null) hash.update(env[name] ?? '').update('\0');
	}
	return hash.digest('hex');
}

/** The create arguments with the spec label added after `service create`; `env` is what the CLI will run with. */
export function withSpecLabel(createArguments: string[], env: Record<string, string | undefined>): string[] {
	if (createArguments[0] !== 'service' || createArguments[1] !== 'create') throw new Error('not a docker service create command line');
	if (specLabelOf(createArguments) !== null) throw new Error('the command line already carries a spec label');
	return ['service', 'create', `${LABEL_FLAG}${specDigest(createArguments, env)}`, ...createArguments.slice(2)];
}

/** The spec label a command line made by withSpecLabel carries; null for one without. */
export function specLabelOf(createArguments: string[]): string | null {
	const flag = createArguments.find((argument) => argument.startsWith(LABEL_FLAG));
	return flag ? flag.slice(LABEL_FLAG.length) : null;
}
