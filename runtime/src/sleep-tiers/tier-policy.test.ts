import { describe, expect, test } from 'vitest';
import { firstSleepTier, tierAfterPause, type TierLimits, type TierRoom } from './tier-policy.ts';

const MB = 1024 * 1024;
const limits: TierLimits = { pausedMemoryLimitBytes: 1000 * MB, minFreeMemoryBytes: 500 * MB, checkpointDiskLimitBytes: 1000 * MB, minFreeDiskBytes: 1000 * MB };
const room: TierRoom = {
	checkpointable: true,
	siteMemoryBytes: 300 * MB,
	pausedMemoryBytes: 0,
	freeMemoryBytes: 4000 * MB,
	imageBytes: 0,
	freeDiskBytes: 10_000 * MB,
};

describe('sleep tier policy', () => {
	test('a site is paused while the paused budget and free memory allow', () => {
		expect(firstSleepTier(room, limits)).toBe('paused');
		expect(firstSleepTier({ ...room, pausedMemoryBytes: 700 * MB }, limits)).toBe('paused');
	});

	test('a site that would overflow the paused budget or leave too little free memory is checkpointed', () => {
		expect(firstSleepTier({ ...room, pausedMemoryBytes: 701 * MB }, limits)).toBe('checkpointed');
		expect(firstSleepTier({ ...room, freeMemoryBytes: 499 * MB }, limits)).toBe('checkpointed');
		expect(firstSleepTier(room, { ...limits, pausedMemoryLimitBytes: 0 })).toBe('checkpointed');
	});

	test('a site is stopped when it cannot be checkpointed or the images have no room', () => {
		expect(tierAfterPause({ ...room, checkpointable: false }, limits)).toBe('stopped');
		expect(tierAfterPause({ ...room, imageBytes: 701 * MB }, limits)).toBe('stopped');
		expect(tierAfterPause({ ...room, freeDiskBytes: 1299 * MB }, limits)).toBe('stopped');
		expect(tierAfterPause({ ...room, imageBytes: 700 * MB, freeDiskBytes: 1300 * MB }, limits)).toBe('checkpointed');
	});
});
