import { describe, expect, it } from 'vitest';
import { TaskMemoryReadings } from './task-memory-readings.ts';

const MiB = 1024 * 1024;

function readingsWith(read: (service: string) => Promise<number | null>) {
	const clock = { ms: 0 };
	const asked: string[] = [];
	const logged: string[] = [];
	const readings = new TaskMemoryReadings({
		read: (service) => {
			asked.push(service);
			return read(service);
		},
		now: () => clock.ms,
		maxAgeMs: 10_000,
		log: (message) => logged.push(message),
	});
	return { readings, clock, asked, logged };
}

describe('TaskMemoryReadings', () => {
	it('answers unknown at first, then the node’s reading, and asks the node again only once a reading is stale', async () => {
		let bytes = 200 * MiB;
		const { readings, clock, asked } = readingsWith(async () => bytes);
		expect(readings.current('epic-site-a')).toBeNull();
		// A second ask while the first refresh is under way starts no other.
		expect(readings.current('epic-site-a')).toBeNull();
		await readings.settled();
		expect(readings.current('epic-site-a')).toBe(200 * MiB);
		clock.ms = 9_999;
		expect(readings.current('epic-site-a')).toBe(200 * MiB);
		expect(asked).toEqual(['epic-site-a']);

		bytes = 300 * MiB;
		clock.ms = 10_000;
		// Stale: answered with the last reading while the new one is fetched.
		expect(readings.current('epic-site-a')).toBe(200 * MiB);
		await readings.settled();
		expect(readings.current('epic-site-a')).toBe(300 * MiB);
		expect(asked).toEqual(['epic-site-a', 'epic-site-a']);
	});

	it('keeps each site’s reading apart', async () => {
		const { readings } = readingsWith(async (service) => (service === 'epic-site-a' ? 100 * MiB : 150 * MiB));
		readings.current('epic-site-a');
		readings.current('epic-site-b');
		await readings.settled();
		expect([readings.current('epic-site-a'), readings.current('epic-site-b')]).toEqual([100 * MiB, 150 * MiB]);
	});

	it('turns a failed refresh into unknown, says why, and asks that node again only after a period', async () => {
		let reachable = true;
		const { readings, clock, asked, logged } = readingsWith(async () => {
			if (!reachable) throw new Error('node agent on 10.99.0.2: connect ECONNREFUSED');
			return 120 * MiB;
		});
		readings.current('epic-site-a');
		await readings.settled();
		reachable = false;
		clock.ms = 10_000;
		readings.current('epic-site-a');
		await readings.settled();
		expect(readings.current('epic-site-a')).toBeNull();
		expect(logged).toEqual(["the memory of epic-site-a's task is unknown: node agent on 10.99.0.2: connect ECONNREFUSED"]);
		clock.ms = 15_000;
		readings.current('epic-site-a');
		expect(asked).toHaveLength(2);

		reachable = true;
		clock.ms = 20_000;
		readings.current('epic-site-a');
		await readings.settled();
		expect(readings.current('epic-site-a')).toBe(120 * MiB);
	});
});
