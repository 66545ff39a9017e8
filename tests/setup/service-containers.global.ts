/**
 * vitest global setup of the integration suite on PostgreSQL: PostgreSQL and Redis in containers
 * (tests/support/service-containers.ts), started before the control planes and stopped after them.
 */
import { startServiceContainers } from '../support/service-containers.ts';

export default async function setup() {
	const containers = await startServiceContainers((message) => console.log(`[service containers] ${message}`));
	return async () => {
		await Promise.all(containers.map((container) => container.stop()));
	};
}
