/**
 * docker-stack.yml, the production shape on Docker Swarm, as `docker stack deploy` reads it:
 * it refuses to deploy without the platform node's address (where every node's sites reach their
 * data services) and the node agents' secret; the platform's services are pinned to the platform
 * node (the runtime and the node router in front of it to a manager there), the node agent runs on
 * every node, and every service is on the host's network (no VIPs on this kernel) from images, not
 * builds.
 */
import { repoPath } from '@epic/node-support/paths';
import { describe, expect, test } from 'vitest';
import { loadRuntimeConfig } from '../../runtime/src/config.ts';
import { loadNodeRouterConfig } from '../../runtime/src/node-router/node-router-config.ts';
import { loadSiteGateConfig } from '../../runtime/src/swarm/site-gate/site-gate-config.ts';
import { requiredStackVariables, resolvedStackServices } from '../support/swarm-stack-file.ts';

const everything = () => Object.fromEntries(requiredStackVariables().map((name) => [name, name === 'PLATFORM_ADDRESS' ? '10.0.0.5' : 'set-for-the-test']));

describe('docker-stack.yml', () => {
	test('refuses to deploy without the platform node’s address or the node agents’ secret', async () => {
		expect(requiredStackVariables()).toEqual(expect.arrayContaining(['PLATFORM_ADDRESS', 'SWARM_NODE_AGENT_SECRET', 'BILLING_PROVIDER', 'SWARM_SITE_S3_BUCKET']));
		const { PLATFORM_ADDRESS: _address, ...withoutAddress } = everything();
		await expect(resolvedStackServices(withoutAddress)).rejects.toThrow(/set PLATFORM_ADDRESS \(the platform node's private address\)/);
		const { SWARM_NODE_AGENT_SECRET: _secret, ...withoutSecret } = everything();
		await expect(resolvedStackServices(withoutSecret)).rejects.toThrow(/set SWARM_NODE_AGENT_SECRET/);
	});

	test('pins the platform to its node, runs the node agent everywhere, all on the host network from images', async () => {
		const services = await resolvedStackServices(everything());
		expect(Object.keys(services).sort()).toEqual(['caddy', 'control-plane', 'node-agent', 'node-router', 'postgres', 'redis', 'runtime', 'site-gate', 'smtp']);
		for (const [name, service] of Object.entries(services)) {
			expect(Object.keys(service.networks ?? {}), name).toEqual(['host-network']);
			expect(service.build, name).toBeUndefined();
			expect(service.image, name).toMatch(/^epic\//);
			if (name === 'node-agent') continue;
			expect(service.deploy?.placement?.constraints, name).toContain('node.labels.epic.platform == true');
		}
		expect(services['runtime']!.deploy).toMatchObject({ replicas: 1, placement: { constraints: expect.arrayContaining(['node.role == manager']) } });
		// The node router, on a manager too (only a manager's engine says where a task runs), is
		// where Caddy sends the sites first (docker/caddy-upstreams.sh), and it relays to the runtime's router.
		expect(services['node-router']!.deploy?.placement?.constraints).toContain('node.role == manager');
		expect(services['node-router']!.command).toEqual(['node', 'runtime/node-router.ts']);
		expect(services['caddy']!.environment).toMatchObject({
			NODE_ROUTER_PORT: services['node-router']!.environment?.['NODE_ROUTER_PORT'],
			ROUTER_PORT: services['runtime']!.environment?.['ROUTER_PORT'],
		});
		expect(services['node-router']!.environment?.['RUNTIME_ROUTER_URL']).toBe(`http://127.0.0.1:${services['runtime']!.environment?.['ROUTER_PORT']}`);
		// The site gate, beside the runtime's on its node and port, started before the old one stops in its own update.
		expect(services['site-gate']!.deploy).toMatchObject({ placement: { constraints: expect.arrayContaining(['node.role == manager']) }, update_config: { order: 'start-first' } });
		expect(services['site-gate']!.command).toEqual(['node', 'runtime/site-gate.ts']);
		expect(services['node-agent']!.deploy?.mode).toBe('global');
		// The agent prepares each node to let its sites reach the platform's data services and nothing else.
		expect(services['node-agent']!.command).toEqual([
			'node',
			'runtime/swarm-node.ts',
			'agent',
			'--listen',
			'node:9556',
			'--allow',
			'10.0.0.5:5432',
			'--allow',
			'10.0.0.5:9555',
			'--allow',
			'10.0.0.5:2525',
		]);
		expect(services['node-agent']!.cap_add).toEqual(['NET_ADMIN']);
		// Only the runtime, the node router, the site gate and the agents hold the engine's socket.
		const withSocket = Object.entries(services).filter(([, service]) => service.volumes?.some((volume) => volume.source === '/var/run/docker.sock'));
		expect(withSocket.map(([name]) => name).sort()).toEqual(['node-agent', 'node-router', 'runtime', 'site-gate']);
		for (const name of ['control-plane', 'runtime', 'node-router', 'site-gate', 'node-agent']) {
			expect(services[name]!.read_only, name).toBe(true);
			// Scratch space as tmpfs volumes: a stack deploy ignores a service's `tmpfs` key.
			expect(
				services[name]!.volumes?.filter((volume) => volume.type === 'tmpfs').map((volume) => volume.target),
				name,
			).toContain('/tmp');
		}
	});

	test("keeps the runtime's records in a PostgreSQL database of their own, in a configuration the runtime accepts", async () => {
		const secrets = { RUNTIME_SECRET: 'a-runtime-secret-of-at-least-32-characters', SWARM_NODE_AGENT_SECRET: 'an-agent-secret-of-at-least-32-characters' };
		const services = await resolvedStackServices({ ...everything(), ...secrets });
		const runtime = services['runtime']!;
		expect(runtime.environment?.['RUNTIME_STATE_PG_URL']).toBe('postgres://epic:set-for-the-test@127.0.0.1:5432/epic_runtime_state');
		// Swarm fills in the service's name as it starts the task (a stack `epic`: epic_runtime).
		expect(runtime.environment?.['RUNTIME_SWARM_SERVICE']).toBe('{{.Service.Name}}');
		const config = loadRuntimeConfig({ ...runtime.environment!, RUNTIME_SWARM_SERVICE: 'epic_runtime' }, repoPath());
		expect(config).toMatchObject({ RUNTIME_DRIVER: 'swarm', RUNTIME_STATE_PG_URL: runtime.environment!['RUNTIME_STATE_PG_URL'], RUNTIME_SWARM_SERVICE: 'epic_runtime' });
		// The node router reads the same records.
		const nodeRouter = loadNodeRouterConfig(services['node-router']!.environment!);
		expect(nodeRouter.RUNTIME_STATE_PG_URL).toBe(runtime.environment!['RUNTIME_STATE_PG_URL']);
		// The site gate takes the runtime's values: the same secret, records, bucket and gate address.
		const siteGate = loadSiteGateConfig(services['site-gate']!.environment!);
		expect(siteGate).toMatchObject({
			secrets: { RUNTIME_SECRET: config.RUNTIME_SECRET, RUNTIME_SECRET_PREVIOUS: config.RUNTIME_SECRET_PREVIOUS },
			storage: { s3: config.swarmSiteStorage!.s3, gate: config.swarmSiteStorage!.gate },
			adminPgUrl: config.INSTANCE_PG_URL,
			statePgUrl: config.RUNTIME_STATE_PG_URL,
		});
	});
});
