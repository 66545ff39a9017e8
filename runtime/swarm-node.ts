/**
 * Prepares a Docker engine to run swarm sites (runtime/src/swarm/swarm-node-guard.ts). Run once on
 * every node, as root, when it joins the swarm (and again after a reboot: firewall rules are not kept):
 *   node runtime/swarm-node.ts prepare [--network NAME] --allow ADDRESS:PORT [--allow …]
 * `--allow`: each data service sites must reach (PostgreSQL, S3, the mail relay).
 */
import { parseArgs } from 'node:util';
import { parseEndpoint, prepareSwarmNode } from './src/swarm/swarm-node-guard.ts';

const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: { network: { type: 'string', default: 'epic-swarm-sites' }, allow: { type: 'string', multiple: true, default: [] } },
});

if (positionals[0] !== 'prepare') {
	process.stderr.write('usage: swarm-node.ts prepare [--network NAME] --allow ADDRESS:PORT [--allow …]\n');
	process.exit(2);
}

try {
	await prepareSwarmNode(values.network, values.allow.map(parseEndpoint), (message) => process.stdout.write(`[swarm-node] ${message}\n`));
} catch (error) {
	process.stderr.write(`[swarm-node] ${(error as Error).message}\n`);
	process.exit(1);
}
