/**
 * What every swarm node needs before it runs sites (swarm-node.ts, run once on each node as it
 * joins; docs/swarm.md, Adding a node): the sites' network and the firewall that keeps a site to
 * itself, as the Docker driver's network does on one machine (containers/docker-network.ts).
 *
 * - The network is a swarm-scoped bridge made from a config-only network that each node holds: a
 *   bridge on every node, named SWARM_SITES_BRIDGE, without inter-container traffic. Swarm's
 *   overlays would join sites across nodes; this joins them to nothing.
 * - The firewall: no new connection from the bridge to the node itself, nor forwarded to a private,
 *   CGNAT or link-local address (so neither another node, nor another site's published port, nor
 *   the platform's services), except to the data services named: the sites' PostgreSQL and S3 (and
 *   the mail relay), each by address and port.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describeRule, ruleFirst, shieldHost, type Rule } from '../containers/docker-network.ts';

const run = promisify(execFile);

/** The bridge's name on every node (Linux allows 15 characters): the firewall rules name it. */
export const SWARM_SITES_BRIDGE = 'br-epicsites';

export interface DataServiceEndpoint {
	address: string;
	port: number;
}

/** `host:port` (IPv4), as the operator writes it. */
export function parseEndpoint(text: string): DataServiceEndpoint {
	const match = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d{1,5})$/.exec(text.trim());
	const port = Number(match?.[2]);
	if (!match || port < 1 || port > 65535) throw new Error(`${text} is not an IPv4 address and port (e.g. 10.0.0.5:5432)`);
	return { address: match[1]!, port };
}

/** New connections from the sites' bridge to one data service, on the node itself and forwarded. */
export function dataServiceRules(bridge: string, endpoint: DataServiceEndpoint): Rule[] {
	const match = ['-i', bridge, '-p', 'tcp', '-d', endpoint.address, '--dport', String(endpoint.port), '-m', 'conntrack', '--ctstate', 'NEW', '-j', 'ACCEPT'];
	return [
		{ tool: 'iptables', chain: 'INPUT', args: match },
		{ tool: 'iptables', chain: 'DOCKER-USER', args: match },
	];
}

/** The config-only network of this node: the options every node's bridge of the sites' network takes. */
export function configNetworkName(network: string): string {
	return `${network}-config`;
}

async function networkExists(name: string): Promise<boolean> {
	return run('docker', ['network', 'inspect', name]).then(
		() => true,
		() => false,
	);
}

/** Run on each node: its config-only network, then its firewall. */
export async function prepareSwarmNode(network: string, dataServices: DataServiceEndpoint[], log: (message: string) => void): Promise<void> {
	const config = configNetworkName(network);
	if (!(await networkExists(config))) {
		await run('docker', [
			'network',
			'create',
			'--config-only',
			'--opt=com.docker.network.bridge.enable_icc=false',
			`--opt=com.docker.network.bridge.name=${SWARM_SITES_BRIDGE}`,
			config,
		]);
		log(`made the config-only network ${config}`);
	}
	await shieldHost(SWARM_SITES_BRIDGE);
	for (const endpoint of dataServices) {
		for (const rule of dataServiceRules(SWARM_SITES_BRIDGE, endpoint)) {
			await ruleFirst(rule).catch((error: Error) => {
				throw new Error(`${describeRule(rule)} failed: ${error.message.trim()}`);
			});
		}
	}
	log(`sites on ${SWARM_SITES_BRIDGE} reach nothing on this node or its networks but ${dataServices.map((e) => `${e.address}:${e.port}`).join(', ') || 'nothing'}`);
}

/**
 * Run by the runtime on its manager: the swarm-scoped network from the nodes' config-only ones.
 * A network of that name made otherwise (an overlay, say) would join sites: start-up refuses it.
 */
export async function ensureSwarmSiteNetwork(network: string): Promise<void> {
	const inspected = await run('docker', ['network', 'inspect', network, '--format', '{{.Scope}} {{.ConfigFrom.Network}}']).then(
		({ stdout }) => stdout.trim(),
		() => null,
	);
	const expected = `swarm ${configNetworkName(network)}`;
	if (inspected === expected) return;
	if (inspected !== null)
		throw new Error(`Docker network ${network} is not the sites' network (${inspected || 'no config'}): remove it, and run swarm-node.ts prepare on every node`);
	if (!(await networkExists(configNetworkName(network)))) {
		throw new Error(`This node has no ${configNetworkName(network)} network: run \`node runtime/swarm-node.ts prepare\` on every node first (docs/swarm.md, Adding a node)`);
	}
	await run('docker', ['network', 'create', '--driver=bridge', '--scope=swarm', `--config-from=${configNetworkName(network)}`, network]);
}
