/**
 * The ports a stack's services listen on, each a free one, so a stack sits beside the other
 * suites: docker-compose.yml and docker-stack.yml name them by the same variables.
 */
import { freeLoopbackPort, freeLoopbackPortRange } from '@epic/node-support/free-port';

export interface StackPorts {
	/** Caddy's loopback entry for the control plane's replicas. */
	controlPlane: number;
	runtimeApi: number;
	router: number;
	/** docker-stack.yml's node router, in front of the runtime's router, and its scrape address. */
	nodeRouter: number;
	nodeRouterMetrics: number;
	metrics: number;
	smtp: number;
	mailUi: number;
	postgres: number;
	redis: number;
	mailRelay: number;
	/** CONTROL_PLANE_PORTS: a replica takes the first free one. */
	replicas: number[];
}

/** `replicaPorts`: the size of the replicas' range (twice the replicas, for a rolling deploy). */
export async function freeStackPorts(replicaPorts: number): Promise<StackPorts> {
	const [controlPlane, runtimeApi, router, nodeRouter, nodeRouterMetrics, metrics, smtp, mailUi, postgres, redis, mailRelay] = await Promise.all(
		Array.from({ length: 11 }, () => freeLoopbackPort()),
	);
	return {
		controlPlane: controlPlane!,
		runtimeApi: runtimeApi!,
		router: router!,
		nodeRouter: nodeRouter!,
		nodeRouterMetrics: nodeRouterMetrics!,
		metrics: metrics!,
		smtp: smtp!,
		mailUi: mailUi!,
		postgres: postgres!,
		redis: redis!,
		mailRelay: mailRelay!,
		replicas: await freeLoopbackPortRange(replicaPorts),
	};
}

/** The stack file's variables for these ports; the staging SMTP server takes the control plane's and the sites' mail. */
export function stackPortVariables(ports: StackPorts): Record<string, string> {
	return {
		CONTROL_PLANE_PORT: String(ports.controlPlane),
		CONTROL_PLANE_PORTS: `${ports.replicas[0]}-${ports.replicas.at(-1)}`,
		RUNTIME_API_PORT: String(ports.runtimeApi),
		ROUTER_PORT: String(ports.router),
		NODE_ROUTER_PORT: String(ports.nodeRouter),
		NODE_ROUTER_METRICS_PORT: String(ports.nodeRouterMetrics),
		METRICS_PORT: String(ports.metrics),
		SMTP_PORT: String(ports.smtp),
		EMAIL_SMTP_PORT: String(ports.smtp),
		SITE_MAIL_SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
		SITE_MAIL_RELAY_PORT: String(ports.mailRelay),
		MAILDEV_WEB_PORT: String(ports.mailUi),
		POSTGRES_PORT: String(ports.postgres),
		REDIS_PORT: String(ports.redis),
	};
}
