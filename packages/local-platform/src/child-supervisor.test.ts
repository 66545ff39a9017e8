import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { ChildSupervisor, MAX_CONSECUTIVE_CRASHES, type Supervised, type SupervisorClock } from './child-supervisor.ts';

/** A clock whose timers run only when the test says so. */
function manualClock() {
	let now = 0;
	const timers: { run: () => void; delayMs: number }[] = [];
	const clock: SupervisorClock = { now: () => now, setTimeout: (run, delayMs) => timers.push({ run, delayMs }) };
	return {
		clock,
		timers,
		advance: (ms: number) => (now += ms),
		/** Runs the one pending timer and returns its delay. */
		runTimer: () => {
			const timer = timers.shift();
			if (!timer) throw new Error('no timer is pending');
			timer.run();
			return timer.delayMs;
		},
	};
}

const spawned: Supervised[] = [];
afterEach(() => {
	for (const child of spawned.splice(0)) if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
});

/** A real process that runs until killed. */
async function startSleeper(): Promise<Supervised> {
	const child = { process: spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }) };
	spawned.push(child);
	await once(child.process, 'spawn');
	return child;
}

/** Kills the child; the supervisor's exit handler (registered first) has run when this resolves. */
async function crash(child: Supervised | null): Promise<void> {
	if (!child) throw new Error('no child is running');
	const exited = once(child.process, 'exit');
	child.process.kill('SIGKILL');
	await exited;
}

function supervisorWith(time: ReturnType<typeof manualClock>, start: () => Promise<Supervised> = startSleeper) {
	const log: string[] = [];
	const gaveUp: string[] = [];
	const restarted: Supervised[] = [];
	const logged = new EventEmitter();
	const supervisor = new ChildSupervisor({
		name: 'The runtime',
		start,
		log: (line) => {
			log.push(line);
			logged.emit('line');
		},
		onGiveUp: (reason) => gaveUp.push(reason),
		onRestarted: (child) => restarted.push(child),
		clock: time.clock,
	});
	/** Runs the pending restart and waits for the line it ends with (back, or failed again). */
	const restartNow = async (): Promise<number> => {
		const line = once(logged, 'line');
		const delayMs = time.runTimer();
		await line;
		return delayMs;
	};
	return { supervisor, log, gaveUp, restarted, restartNow };
}

describe('ChildSupervisor', () => {
	it('starts a killed child again after the backoff, and says so', async () => {
		const time = manualClock();
		const { supervisor, log, restarted, restartNow } = supervisorWith(time);
		const first = await supervisor.start();
		await crash(first);
		expect(supervisor.current).toBeNull();
		expect(log).toEqual(['The runtime exited unexpectedly (code null, SIGKILL); restarting it in 500 ms']);

		expect(await restartNow()).toBe(500);
		expect(restarted).toHaveLength(1);
		expect(supervisor.current).toBe(restarted[0]);
		expect(supervisor.current?.process.pid).not.toBe(first.process.pid);
		expect(supervisor.current?.process.exitCode).toBeNull();
		expect(supervisor.restarts).toBe(1);
		expect(log.at(-1)).toBe('The runtime is running again (restart 1)');
	});

	it(`gives up after ${MAX_CONSECUTIVE_CRASHES} crashes in a row, doubling the wait between them`, async () => {
		const time = manualClock();
		const { supervisor, gaveUp, restartNow } = supervisorWith(time);
		await supervisor.start();
		const delays: number[] = [];
		for (let crashNumber = 1; crashNumber < MAX_CONSECUTIVE_CRASHES; crashNumber++) {
			await crash(supervisor.current);
			delays.push(await restartNow());
		}
		expect(delays).toEqual([500, 1000, 2000, 4000]);
		await crash(supervisor.current);
		expect(time.timers).toEqual([]);
		expect(gaveUp).toEqual([`The runtime exited unexpectedly (code null, SIGKILL); it failed ${MAX_CONSECUTIVE_CRASHES} times in a row, so it is not restarted again`]);
	});

	it('starts counting again after a child has run for more than a minute', async () => {
		const time = manualClock();
		const { supervisor, restartNow } = supervisorWith(time);
		await supervisor.start();
		await crash(supervisor.current);
		expect(await restartNow()).toBe(500);
		await crash(supervisor.current);
		expect(await restartNow()).toBe(1000);
		time.advance(61_000);
		await crash(supervisor.current);
		expect(await restartNow()).toBe(500);
	});

	it('counts a start that fails as a crash and tries again', async () => {
		const time = manualClock();
		let failNext = false;
		const { supervisor, log, restarted, restartNow } = supervisorWith(time, async () => {
			if (failNext) {
				failNext = false;
				throw new Error('did not answer within 120000 ms\nits output…');
			}
			return startSleeper();
		});
		await supervisor.start();
		failNext = true;
		await crash(supervisor.current);
		await restartNow();
		expect(log.at(-1)).toBe('The runtime did not come back: did not answer within 120000 ms; restarting it in 1000 ms');
		expect(await restartNow()).toBe(1000);
		expect(restarted).toHaveLength(1);
	});

	it('leaves an expected exit alone once told to stop supervising', async () => {
		const time = manualClock();
		const { supervisor, log, gaveUp } = supervisorWith(time);
		await supervisor.start();
		supervisor.stopSupervising();
		await crash(supervisor.current);
		expect(time.timers).toEqual([]);
		expect(log).toEqual([]);
		expect(gaveUp).toEqual([]);
	});
});
