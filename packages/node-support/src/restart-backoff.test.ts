import { describe, expect, it } from 'vitest';
import { restartDelayMs } from './restart-backoff.ts';

describe('restartDelayMs', () => {
	it('doubles from half a second and stops at thirty seconds', () => {
		expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
	});
});
