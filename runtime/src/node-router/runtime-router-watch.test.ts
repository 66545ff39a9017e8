import { describe, expect, it } from 'vitest';
import { RuntimeRouterWatch } from './runtime-router-watch.ts';

describe("the watch on the runtime's router", () => {
	it('is up until a probe says otherwise, and logs each change once', async () => {
		const answers = [false, false, true, true];
		const lines: string[] = [];
		const asked: Array<[string, number, number]> = [];
		const watch = new RuntimeRouterWatch({
			host: '10.0.0.1',
			port: 8055,
			intervalMs: 1000,
			connectTimeoutMs: 700,
			log: (line) => lines.push(line),
			probe: async (host, port, timeoutMs) => (asked.push([host, port, timeoutMs]), answers.shift()!),
		});
		expect(watch.isUp()).toBe(true);
		let downs = 0;
		watch.onDown(() => (downs += 1));
		const seen: boolean[] = [];
		for (let probe = 0; probe < 4; probe++) {
			await watch.check();
			seen.push(watch.isUp());
		}
		expect(seen).toEqual([false, false, true, true]);
		// Told once, as it went down, not at each probe that finds it so.
		expect(downs).toBe(1);
		expect(asked[0]).toEqual(['10.0.0.1', 8055, 700]);
		expect(lines).toEqual([
			"the runtime's router on 10.0.0.1:8055 does not answer: awake sites are served from their tasks directly",
			"the runtime's router on 10.0.0.1:8055 answers again: every request goes through it",
		]);
	});

	it('is down from a relay that could not connect until a probe finds it back', async () => {
		const lines: string[] = [];
		const watch = new RuntimeRouterWatch({ host: '10.0.0.1', port: 8055, intervalMs: 1000, connectTimeoutMs: 700, log: (line) => lines.push(line), probe: async () => true });
		let downs = 0;
		watch.onDown(() => (downs += 1));
		watch.unreachable();
		watch.unreachable();
		expect(watch.isUp()).toBe(false);
		expect(downs).toBe(1);
		await watch.check();
		expect(watch.isUp()).toBe(true);
		expect(lines).toEqual([
			"the runtime's router on 10.0.0.1:8055 does not answer: awake sites are served from their tasks directly",
			"the runtime's router on 10.0.0.1:8055 answers again: every request goes through it",
		]);
	});
});
