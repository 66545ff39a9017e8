/**
 * Step 3 of a RUNTIME_SECRET rotation, done by the runtime (docs/swarm.md, Rotating
 * RUNTIME_SECRET): each site whose service still holds what the previous secret made (its S3 key
 * and task token) starts again, one at a time, and so gets a service made with RUNTIME_SECRET. A
 * site's requests meanwhile wait for it as for a waking site. A site that went to sleep paused
 * since is put to sleep stopped instead: its service goes, and its next wake makes it anew.
 */
import type { InstanceService } from '../instances/instance-service.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import { describeSitesOnPreviousSecret } from './sites-on-previous-secret.ts';
import { serviceName } from './swarm-service-arguments.ts';

export interface SecretMoveParts {
	/** The names of the site services whose credentials are not RUNTIME_SECRET's (sites-on-previous-secret.ts). */
	servicesOnPreviousSecret(): Promise<string[]>;
	records(): readonly InstanceRecord[];
	/** Starts the site again, or puts it to sleep stopped if it sleeps, under its lock. */
	renew(record: InstanceRecord): Promise<void>;
	/** True once the runtime is stopping: no further site is started. */
	stopping(): boolean;
	log(message: string): void;
}

/**
 * Renews the listed sites until none is left or each left has been tried once. The list is read
 * again before each site, since other work (an upgrade, a plan change, a sleep) may have made a
 * site's service anew meanwhile. Never rejects: a site that fails is logged and left to the
 * operator, and the rest go on.
 */
export async function moveSitesToCurrentSecret(parts: SecretMoveParts): Promise<void> {
	const tried = new Set<string>();
	try {
		for (;;) {
			if (parts.stopping()) return;
			const byService = new Map(parts.records().map((record) => [serviceName(record.dir), record]));
			const names = await parts.servicesOnPreviousSecret();
			const next = names.map((name) => byService.get(name)).find((record) => record && !tried.has(record.id));
			if (!next) {
				parts.log(describeSitesOnPreviousSecret(names));
				return;
			}
			tried.add(next.id);
			parts.log(`${next.id}: starting its site again so its service holds credentials of RUNTIME_SECRET`);
			await parts.renew(next).catch((error: Error) => parts.log(`${next.id}: could not start its site again under RUNTIME_SECRET: ${error.message}`));
		}
	} catch (error) {
		parts.log(`could not move the sites to RUNTIME_SECRET: ${(error as Error).message}`);
	}
}

/** SecretMoveParts.renew through the instances' service: under the site's lock, as a restore's stop and start. */
export function renewThrough(service: Pick<InstanceService, 'exclusively'>): SecretMoveParts['renew'] {
	return (record) =>
		service.exclusively(record.id, async (control) => {
			if (control.record.desired !== 'running') return;
			if (control.record.asleep) {
				// Thawed as the lock was taken; stopped now, it sleeps in the stopped tier.
				await control.sleep();
				return;
			}
			await control.stop();
			await control.start();
		});
}
