/**
 * Whether a stopping swarm runtime leaves its sites running for the next runtime (docs/swarm.md,
 * A runtime replaced). Swarm sends the same SIGTERM whether the runtime's service is being updated
 * (a new task follows) or removed (`docker stack rm`: none does); only the service tells them
 * apart, and it is already gone from Swarm's store when a removal stops its task.
 */
import { serviceExists } from './swarm-task-locator.ts';

export interface HandOffDecision {
	leaveSitesRunning: boolean;
	/** For the runtime's log: why. */
	reason: string;
}

/** `ownService`: RUNTIME_SWARM_SERVICE; unset, the runtime is not a Swarm service and stops its sites. */
export async function decideHandOff(ownService: string | undefined, exists: (service: string) => Promise<boolean> = serviceExists): Promise<HandOffDecision> {
	if (!ownService) return { leaveSitesRunning: false, reason: 'stopping every instance…' };
	try {
		if (await exists(ownService)) {
			return {
				leaveSitesRunning: true,
				reason: `its service ${ownService} is still there (an update, a scale to zero, a move): leaving the sites running for the next runtime to take over…`,
			};
		}
		return { leaveSitesRunning: false, reason: `its service ${ownService} was removed: stopping every instance…` };
	} catch (error) {
		// Stopping every site for want of an answer would take every customer down; a site left
		// behind is removed by the next runtime's start once its records no longer have it.
		return {
			leaveSitesRunning: true,
			reason: `could not tell whether its service ${ownService} is still there (${(error as Error).message}): leaving the sites running…`,
		};
	}
}
