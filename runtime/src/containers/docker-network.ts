/**
 * The network every site container joins. Docker's default bridge lets containers talk to each
 * other and to every service the host listens for on its bridge address; this one does neither:
 *  - inter-container traffic is off on the bridge (enable_icc=false);
 *  - the host drops new connections that arrive from the bridge (an iptables INPUT rule, and its
 *    ip6tables twin), so a site reaches neither the runtime's API, nor PostgreSQL, nor anything else
 *    on the host. Published ports still work: those connections start on the host, and only their
 *    replies cross the bridge;
 *  - the host forwards no new connection from the bridge to a private, CGNAT or link-local address
 *    (DOCKER-USER rules), so a site reaches neither the network behind the host nor a cloud's
 *    metadata service, whatever its Directus is told (instances/site-egress.ts says the same to it).
 * The one exception is the platform's mail relay (site-mail/): a site may open connections to its
 * port on the bridge's own address, and to nothing else on the host.
 * Traffic out to the internet (a site's webhooks) is left as Docker routes it. Without these rules
 * the runtime does not start, unless DOCKER_ALLOW_UNSHIELDED_SITES says it may.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SiteNetwork {
	name: string;
	/** The bridge interface on the host, named so the firewall rule can find it. */
	bridge: string;
	/** Whether the host drops new connections from the bridge (false: the rule could not be set). */
	hostShielded: boolean;
	/** The host's address on the bridge, which the containers reach it at; null if Docker gave none. */
	gateway: string | null;
}

/** Linux interface names hold at most 15 characters. */
export function bridgeName(network: string): string {
	return `br-${network}`.slice(0, 15);
}

interface NetworkInspection {
	Id: string;
	Options: Record<string, string> | null;
	IPAM?: { Config?: { Gateway?: string }[] | null };
}

async function inspectNetwork(name: string): Promise<NetworkInspection | null> {
	try {
		const { stdout } = await run('docker', ['network', 'inspect', name]);
		return (JSON.parse(stdout) as NetworkInspection[])[0] ?? null;
	} catch {
		return null;
	}
}

async function createNetwork(name: string): Promise<NetworkInspection> {
	try {
		await run('docker', [
			'network',
			'create',
			'--driver=bridge',
			'--opt=com.docker.network.bridge.enable_icc=false',
			`--opt=com.docker.network.bridge.name=${bridgeName(name)}`,
			'--label=epic.site-network=true',
			name,
		]);
	} catch (error) {
		// Another runtime may have created it meanwhile; anything else leaves no network to inspect.
		const made = await inspectNetwork(name);
		if (made) return made;
		throw new Error(`Could not create the Docker network ${name}: ${(error as Error).message}`);
	}
	const made = await inspectNetwork(name);
	if (!made) throw new Error(`Docker network ${name} was created but cannot be inspected`);
	return made;
}

export type Rule = { tool: 'iptables' | 'ip6tables'; chain: string; args: string[] };

/** IPv4 destinations a site's new connections may not be forwarded to. */
const PRIVATE_IPV4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16'];

/** New connections from the bridge to the mail relay's port: the one service on the host sites may reach. */
export function relayRule(bridge: string, port: number): Rule {
	return { tool: 'iptables', chain: 'INPUT', args: ['-i', bridge, '-p', 'tcp', '--dport', String(port), '-m', 'conntrack', '--ctstate', 'NEW', '-j', 'ACCEPT'] };
}

/** Puts the rule first in its chain, above the DROP that shieldRules inserts, whatever ran before. */
export async function ruleFirst(rule: Rule): Promise<void> {
	await run(rule.tool, ['-D', rule.chain, ...rule.args]).catch(() => undefined);
	await run(rule.tool, ['-I', rule.chain, '1', ...rule.args]);
}

/** Whether the kernel has IPv6 at all: without it there is nothing to shield, and ip6tables fails. */
const hasIpv6 = (): boolean => existsSync('/proc/net/if_inet6');

/** Every rule that shields the host and the private networks from the bridge's containers. */
export function shieldRules(bridge: string, ipv6 = hasIpv6()): Rule[] {
	const newFromBridge = ['-i', bridge, '-m', 'conntrack', '--ctstate', 'NEW'];
	const rules: Rule[] = [
		{ tool: 'iptables', chain: 'INPUT', args: [...newFromBridge, '-j', 'DROP'] },
		...PRIVATE_IPV4.map((range): Rule => ({ tool: 'iptables', chain: 'DOCKER-USER', args: [...newFromBridge, '-d', range, '-j', 'DROP'] })),
	];
	if (!ipv6) return rules;
	return [
		...rules,
		{ tool: 'ip6tables', chain: 'INPUT', args: [...newFromBridge, '-j', 'DROP'] },
		// Docker makes no DOCKER-USER chain for IPv6 unless IPv6 is on: FORWARD holds the twin rule.
		{ tool: 'ip6tables', chain: 'FORWARD', args: [...newFromBridge, '-j', 'DROP'] },
	];
}

export function describeRule(rule: Rule): string {
	return `${rule.tool} -I ${rule.chain} ${rule.args.join(' ')}`;
}

async function ensureRule(rule: Rule): Promise<void> {
	try {
		await run(rule.tool, ['-C', rule.chain, ...rule.args]);
	} catch {
		await run(rule.tool, ['-I', rule.chain, ...rule.args]);
	}
}

/** Adds each rule that is missing; the first that cannot be added is the error. */
export async function shieldHost(bridge: string): Promise<void> {
	for (const rule of shieldRules(bridge)) {
		try {
			await ensureRule(rule);
		} catch (error) {
			throw new Error(`${describeRule(rule)} failed: ${(error as Error).message.trim()}`);
		}
	}
}

/**
 * `allowUnshielded` (DOCKER_ALLOW_UNSHIELDED_SITES): start even when the rules cannot be set, for a
 * machine whose own firewall does their work. Otherwise such a start fails, saying what to add.
 */
export async function ensureSiteNetwork(name: string, log: (message: string) => void, allowUnshielded = false, relayPort: number | null = null): Promise<SiteNetwork> {
	const network = (await inspectNetwork(name)) ?? (await createNetwork(name));
	// A network someone made by hand must isolate as ours does, or sites could reach each other.
	if (network.Options?.['com.docker.network.bridge.enable_icc'] !== 'false') {
		throw new Error(`Docker network ${name} lets containers reach each other: remove it, or create it with --opt com.docker.network.bridge.enable_icc=false`);
	}
	// Docker names a bridge br-<first 12 characters of the network id> unless told otherwise.
	const bridge = network.Options['com.docker.network.bridge.name'] ?? `br-${network.Id.slice(0, 12)}`;
	const gateway = network.IPAM?.Config?.find((config) => config.Gateway)?.Gateway ?? null;
	try {
		await shieldHost(bridge);
		if (relayPort !== null) {
			const rule = relayRule(bridge, relayPort);
			await ruleFirst(rule).catch((error: Error) => {
				throw new Error(`${describeRule(rule)} failed: ${error.message.trim()}`);
			});
		}
		return { name, bridge, hostShielded: true, gateway };
	} catch (error) {
		const message = `sites' network ${name}: could not add the firewall rules that keep sites off the host and the private networks (${(error as Error).message}). Add them yourself: ${shieldRules(bridge).map(describeRule).join('; ')}`;
		if (!allowUnshielded) throw new Error(`${message}; or set DOCKER_ALLOW_UNSHIELDED_SITES=true to start without them`);
		log(`${message}. Starting anyway: DOCKER_ALLOW_UNSHIELDED_SITES is true`);
		return { name, bridge, hostShielded: false, gateway };
	}
}
