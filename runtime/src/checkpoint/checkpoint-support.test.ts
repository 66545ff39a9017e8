import { describe, expect, it } from 'vitest';
import { describeSleepTiers } from './checkpoint-support.ts';

describe('describeSleepTiers', () => {
	const withCriu = { available: true, reason: null, criuVersion: '4.1' };
	const withoutCriu = { available: false, reason: 'CRIU_PATH is not set', criuVersion: null };

	it('names every tier in use, in the order sites sink through them', () => {
		expect(describeSleepTiers(withCriu, true)).toBe('sleep tiers: paused, checkpointed (CRIU 4.1), stopped');
		expect(describeSleepTiers(withoutCriu, true)).toBe('sleep tiers: paused, stopped (no checkpoints: CRIU_PATH is not set)');
	});

	it('leaves out pausing where it is off, and says why', () => {
		expect(describeSleepTiers(withCriu, false)).toBe('sleep tiers: checkpointed (CRIU 4.1), stopped (no pausing: PAUSED_MEMORY_LIMIT_MB is 0)');
		expect(describeSleepTiers(withoutCriu, false)).toBe('sleep tiers: stopped (no pausing: PAUSED_MEMORY_LIMIT_MB is 0; no checkpoints: CRIU_PATH is not set)');
	});
});
