/**
 * Keeps one child of `npm start` (the runtime, the control plane) running: when it exits on its
 * own it is started again after a backoff, and when it keeps crashing it is given up on and
 * reported, never restarted in a loop forever. The sites outlive a runtime crash and the next
 * runtime adopts them, so restarting the runtime brings them back without a cold start.
 */
import type { ChildProcess } from 'node:child_process';
import { restartDelayMs, STABLE_AFTER_MS } from '@epic/node-support/restart-backoff';

export interface Supervised {
	process: ChildProcess;
}

export interface SupervisorClock {
	now: () => number;
	setTimeout: (run: () => void, delayMs: number) => unknown;
}

const systemClock: SupervisorClock = { now: () => Date.now(), setTimeout: (run, delayMs) => setTimeout(run, delayMs) };

/** This many crashes in a row (each within a minute of starting) and the child is given up on. */
export const MAX_CONSECUTIVE_CRASHES = 5;

export interface ChildSupervisorOptions<T extends Supervised> {
	/** "the runtime", "the control plane": how log lines name it. */
	name: string;
	/** Spawns the child and resolves once it answers; rejects if it could not come up. */
	start: () => Promise<T>;
	log: (message: string) => void;
	/** Called once when the child is given up on. */
	onGiveUp: (reason: string) => void;
	/** Called after each successful restart (not the first start). */
	onRestarted?: (child: T) => void;
	clock?: SupervisorClock;
}

export class ChildSupervisor<T extends Supervised> {
	readonly #options: ChildSupervisorOptions<T>;
	readonly #clock: SupervisorClock;
	#current: T | null = null;
	#startedAt = 0;
	#consecutiveCrashes = 0;
	#restarts = 0;
	#stopping = false;

	constructor(options: ChildSupervisorOptions<T>) {
		this.#options = options;
		this.#clock = options.clock ?? systemClock;
	}

	get current(): T | null {
		return this.#current;
	}

	get restarts(): number {
		return this.#restarts;
	}

	/** The first start; its failure is the caller's to report (nothing has been started yet). */
	async start(): Promise<T> {
		const child = await this.#options.start();
		this.#watch(child);
		return child;
	}

	/** From now on an exit is expected: nothing is restarted. */
	stopSupervising(): void {
		this.#stopping = true;
	}

	#watch(child: T): void {
		this.#current = child;
		this.#startedAt = this.#clock.now();
		child.process.once('exit', (code, signal) => this.#exited(`code ${code}${signal ? `, ${signal}` : ''}`));
	}

	#exited(how: string): void {
		if (this.#stopping) return;
		this.#current = null;
		this.#crashed(`${this.#options.name} exited unexpectedly (${how})`);
	}

	#crashed(what: string): void {
		if (this.#clock.now() - this.#startedAt > STABLE_AFTER_MS) this.#consecutiveCrashes = 0;
		this.#consecutiveCrashes += 1;
		if (this.#consecutiveCrashes >= MAX_CONSECUTIVE_CRASHES) {
			this.#stopping = true;
			this.#options.onGiveUp(`${what}; it failed ${this.#consecutiveCrashes} times in a row, so it is not restarted again`);
			return;
		}
		const delay = restartDelayMs(this.#consecutiveCrashes);
		this.#options.log(`${what}; restarting it in ${delay} ms`);
		this.#clock.setTimeout(() => void this.#restart(), delay);
	}

	async #restart(): Promise<void> {
		if (this.#stopping) return;
		this.#startedAt = this.#clock.now();
		let child: T;
		try {
			child = await this.#options.start();
		} catch (error) {
			this.#crashed(`${this.#options.name} did not come back: ${(error as Error).message.split('\n')[0]}`);
			return;
		}
		if (this.#stopping) {
			child.process.kill('SIGTERM');
			return;
		}
		this.#restarts += 1;
		this.#watch(child);
		this.#options.log(`${this.#options.name} is running again (restart ${this.#restarts})`);
		this.#options.onRestarted?.(child);
	}
}
