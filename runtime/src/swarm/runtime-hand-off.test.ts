import { describe, expect, it } from 'vitest';
import { decideHandOff } from './runtime-hand-off.ts';

describe('decideHandOff', () => {
	it('stops the sites of a runtime that is not a Swarm service, without asking the engine', async () => {
		const asked: string[] = [];
		const decision = await decideHandOff(undefined, async (service) => {
			asked.push(service);
			return true;
		});
		expect(decision.leaveSitesRunning).toBe(false);
		expect(asked).toEqual([]);
	});

	it("leaves the sites running while the runtime's service exists (an update), and stops them once it is removed", async () => {
		const kept = await decideHandOff('epic_runtime', async (service) => service === 'epic_runtime');
		expect(kept).toEqual({ leaveSitesRunning: true, reason: expect.stringContaining('its service epic_runtime is still there') });
		const removed = await decideHandOff('epic_runtime', async () => false);
		expect(removed).toEqual({ leaveSitesRunning: false, reason: 'its service epic_runtime was removed: stopping every instance…' });
	});

	it('leaves the sites running when the engine cannot say, naming why', async () => {
		const decision = await decideHandOff('epic_runtime', async () => {
			throw new Error('connect ENOENT /var/run/docker.sock');
		});
		expect(decision.leaveSitesRunning).toBe(true);
		expect(decision.reason).toContain('connect ENOENT /var/run/docker.sock');
	});
});
