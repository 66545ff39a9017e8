/**
 * What every swarm node runs for sites (runtime/src/swarm/), as root:
 *   node runtime/swarm-node.ts prepare [--network NAME] --allow ADDRESS:PORT [--allow …]
 *     once when the node joins the swarm, and again after a reboot (firewall rules are not kept):
 *     the sites' network and firewall (swarm-node-guard.ts). `--allow`: each data service sites
 *     must reach (PostgreSQL, the S3 gate, the mail relay).
 *   SWARM_NODE_AGENT_SECRET=… node runtime/swarm-node.ts agent --listen ADDRESS:PORT [--allow …]
 *     the node agent (node-agent/node-agent.ts), kept running: the runtime pauses and thaws site
 *     tasks on this node through it. ADDRESS is the node's private address, the one Swarm reports,
 *     or `node` for that address read from the local engine. With `--allow`, the node is prepared
 *     first, as `prepare` does: a global service of the agent (docker-stack.yml) prepares every
 *     node at every start, reboots included.
 */
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { parseEndpoint, prepareSwarmNode } from './src/swarm/swarm-node-guard.ts';
import { createNodeAgent } from './src/swarm/node-agent/node-agent.ts';
import { engineGet } from './src/swarm/docker-engine-api.ts';

const USAGE = [
	'usage: swarm-node.ts prepare [--network NAME] --allow ADDRESS:PORT [--allow …]',
	'       swarm-node.ts agent --listen ADDRESS:PORT|node:PORT [--network NAME] [--allow ADDRESS:PORT …]',
	'       (the agent: SWARM_NODE_AGENT_SECRET in the environment)',
	'',
].join('\n');
const log = (message: string) => process.stdout.write(`[swarm-node] ${message}\n`);

const { positionals, values } = parseArgs({
	allowPositionals: true,
	options: {
		network: { type: 'string', default: 'epic-swarm-sites' },
		allow: { type: 'string', multiple: true, default: [] },
		listen: { type: 'string' },
	},
});

/** `node:PORT`: this node's address as Swarm knows it (the local engine's), else ADDRESS:PORT as written. */
async function listenEndpoint(text: string): Promise<{ address: string; port: number }> {
	const onNode = /^node:(\d{1,5})$/.exec(text);
	if (!onNode) return parseEndpoint(text);
	const info = await engineGet<{ Swarm?: { NodeAddr?: string } }>('/info');
	const address = info.Swarm?.NodeAddr;
	if (!address) throw new Error('This engine is not in a swarm: it reports no node address (join the swarm first)');
	return parseEndpoint(`${address}:${onNode[1]}`);
}

async function serveAgent(): Promise<void> {
	const secret = process.env['SWARM_NODE_AGENT_SECRET'] ?? '';
	if (secret.length < 32) throw new Error('SWARM_NODE_AGENT_SECRET must be set, at least 32 characters (the runtime has the same)');
	if (!values.listen) throw new Error('--listen ADDRESS:PORT (or node:PORT) is required');
	const at = await listenEndpoint(values.listen);
	if (values.allow.length) await prepareSwarmNode(values.network, values.allow.map(parseEndpoint), log);
	const agent = createNodeAgent({ secret, log });
	agent.listen(at.port, at.address);
	await once(agent, 'listening');
	log(`node agent on ${at.address}:${at.port}`);
	const close = () => agent.close(() => process.exit(0));
	process.on('SIGTERM', close);
	process.on('SIGINT', close);
}

try {
	if (positionals[0] === 'prepare') await prepareSwarmNode(values.network, values.allow.map(parseEndpoint), log);
	else if (positionals[0] === 'agent') await serveAgent();
	else {
		process.stderr.write(USAGE);
		process.exit(2);
	}
} catch (error) {
	process.stderr.write(`[swarm-node] ${(error as Error).message}\n`);
	process.exit(1);
}
