import { describe, expect, it } from 'vitest';
import { wakeFloor } from './wake-floor.ts';

const MB = 1024 * 1024;

describe('wakeFloor', () => {
	it('lets a paused site wake whatever the free memory, any other only above the floor', () => {
		let free = 100 * MB;
		const allowed = wakeFloor({ floorBytes: 256 * MB, freeMemoryBytes: () => free, tierOf: (id) => (id === 'paused-site' ? 'paused' : 'stopped') });
		expect(allowed('paused-site')).toBe(true);
		expect(allowed('stopped-site')).toBe(false);
		free = 256 * MB;
		expect(allowed('stopped-site')).toBe(true);
	});
});
