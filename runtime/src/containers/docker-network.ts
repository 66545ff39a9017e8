/**
 * The network every site container joins. Docker's default bridge lets containers talk to each
 * other and to every service the host listens for on its bridge address; this one does neither:
 *  - inter-container traffic is off on the bridge (enable_icc=false);
 *  - the host drops new connections that arrive from the bridge (an iptables INPUT rule), so a site
 *    reaches neither the runtime's API, nor PostgreSQL, nor anything else on the host. Published
 *    ports still work: those connections start on the host, and only their replies cross the bridge.
 * Traffic out to the internet (a site's webhooks) is left as Docker routes it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SiteNetwork {
	name: string;
	/** The bridge interface on the host, named so the firewall rule can find it. */
	bridge: string;
	/** Whether the host drops new connections from the bridge (false: the rule could not be set). */
	hostShielded: boolean;
}

/** Linux interface names hold at most 15 characters. */
export function bridgeName(network: string): string {
	return `br-${network}`.slice(0, 15);
}

interface NetworkInspection {
	Id: string;
	Options: Record<string, string> | null;
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

const INPUT_RULE = (bridge: string) => ['INPUT', '-i', bridge, '-m', 'conntrack', '--ctstate', 'NEW', '-j', 'DROP'];

async function shieldHost(bridge: string): Promise<void> {
	try {
		await run('iptables', ['-C', ...INPUT_RULE(bridge)]);
	} catch {
		await run('iptables', ['-I', ...INPUT_RULE(bridge)]);
	}
}

export async function ensureSiteNetwork(name: string, log: (message: string) => void): Promise<SiteNetwork> {
	const network = (await inspectNetwork(name)) ?? (await createNetwork(name));
	// A network someone made by hand must isolate as ours does, or sites could reach each other.
	if (network.Options?.['com.docker.network.bridge.enable_icc'] !== 'false') {
		throw new Error(`Docker network ${name} lets containers reach each other: remove it, or create it with --opt com.docker.network.bridge.enable_icc=false`);
	}
	// Docker names a bridge br-<first 12 characters of the network id> unless told otherwise.
	const bridge = network.Options['com.docker.network.bridge.name'] ?? `br-${network.Id.slice(0, 12)}`;
	try {
		await shieldHost(bridge);
		return { name, bridge, hostShielded: true };
	} catch (error) {
		log(`sites' network ${name}: could not add the firewall rule that keeps sites off the host (${(error as Error).message.trim()}); add it yourself: iptables -I ${INPUT_RULE(bridge).join(' ')}`);
		return { name, bridge, hostShielded: false };
	}
}
