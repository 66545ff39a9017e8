/**
 * The node router's configuration (node-router.ts), read once from the environment; a bad value
 * stops it with a message naming the variable. Names shared with the runtime mean the same.
 */
import { withoutEmptyValues } from '@epic/node-support/env';
import { z } from 'zod';
import { addressList } from '../config.ts';

const port = z.coerce.number().int().min(1).max(65535);

const NodeRouterEnvSchema = z.object({
	/** Where this node's public entry (Caddy) sends requests. */
	NODE_ROUTER_PORT: port.default(8055),
	NODE_ROUTER_HOST: z.string().min(1).default('0.0.0.0'),
	/** The runtime's router, on the platform node's private address, e.g. http://10.0.0.1:8055. */
	RUNTIME_ROUTER_URL: z.url({ protocol: /^http$/ }),
	/** The runtime's state database: the site records are read (never written), and usage served without the runtime added. */
	RUNTIME_STATE_PG_URL: z.string().min(1),
	/** As the runtime's: sites live at `{subdomain}.{PUBLIC_HOST}`. */
	PUBLIC_HOST: z.string().min(1).default('localhost'),
	SUPPORT_EMAIL: z.email().default('support@example.com'),
	/** As the runtime's: the proxies in front of this router whose X-Forwarded-For is passed on as it came. */
	ROUTER_TRUSTED_PROXIES: z.string().default(''),
	/**
	 * How often the site records are read again besides at each of the runtime's writes (which it
	 * notifies): only for a notification lost with its session. And how often the runtime's router is probed.
	 */
	NODE_ROUTER_RECORDS_SECONDS: z.coerce.number().positive().default(30),
	NODE_ROUTER_PROBE_SECONDS: z.coerce.number().positive().default(1),
	/** Its scrape address (`GET /metrics`): loopback, as the runtime's METRICS_HOST. */
	NODE_ROUTER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
	NODE_ROUTER_METRICS_PORT: port.default(9465),
});

export type NodeRouterConfig = z.infer<typeof NodeRouterEnvSchema> & {
	runtimeRouter: { host: string; port: number };
	trustedProxies: Set<string>;
};

export class NodeRouterConfigError extends Error {}

export function loadNodeRouterConfig(env: NodeJS.ProcessEnv): NodeRouterConfig {
	const parsed = NodeRouterEnvSchema.safeParse(withoutEmptyValues(env));
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
		throw new NodeRouterConfigError(`Invalid node router configuration:\n${problems.join('\n')}`);
	}
	const url = new URL(parsed.data.RUNTIME_ROUTER_URL);
	return {
		...parsed.data,
		runtimeRouter: { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80) },
		trustedProxies: addressList(parsed.data.ROUTER_TRUSTED_PROXIES),
	};
}
