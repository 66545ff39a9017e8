/**
 * How many swarm sites still run on credentials made with RUNTIME_SECRET_PREVIOUS: step 3 of a
 * rotation (docs/swarm.md, Rotating RUNTIME_SECRET) ends when this reads 0. Read from the engine at
 * scrape time, never on a timer. An engine that does not answer leaves the figure unknown (NaN)
 * rather than 0, which would say the rotation may finish, and never fails the rest of the scrape.
 */
import { Gauge, type Registry } from 'prom-client';

export function registerPreviousSecretGauge(registry: Registry, servicesOnPreviousSecret: () => Promise<string[]>, log: (message: string) => void): void {
	new Gauge({
		name: 'epic_swarm_sites_on_previous_secret',
		help: 'Swarm sites whose service holds an S3 key and task token made with a secret other than RUNTIME_SECRET (NaN when the engine did not answer).',
		registers: [registry],
		async collect() {
			try {
				this.set((await servicesOnPreviousSecret()).length);
			} catch (error) {
				log(`could not count the sites on the previous secret: ${(error as Error).message}`);
				this.set(Number.NaN);
			}
		},
	});
}
