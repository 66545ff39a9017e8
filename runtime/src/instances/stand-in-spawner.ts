/**
 * Test stand-ins for Directus processes: real `sleep` processes (so the supervisor's /proc checks
 * and kills work on them) whose exit events the test may hold back and deliver later, and a
 * spawner that hands them out in the order a test lines them up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { SiteSpawner } from './process-supervisor.ts';

export class StandInProcess extends EventEmitter {
	readonly pid: number;
	exitCode: number | null = null;
	signalCode: NodeJS.Signals | null = null;
	readonly #real: ChildProcess;
	#holdExit: boolean;
	#exit: [number | null, NodeJS.Signals | null] | null = null;
	readonly #trapSet: Promise<void>;

	/**
	 * `holdExit`: the process dies when killed, but its exit event waits for `deliverExit()`.
	 * `env`: extra environment, e.g. the variables that make it pass for an instance of a runtime.
	 * `secondsToStop`: on SIGTERM it goes on this long, then exits with 0 (a swarm site's holder
	 * removing its service); without it, SIGTERM ends it at once. Until `trapSet()` resolves the
	 * shell has not set its trap yet, and a SIGTERM would still end it at once.
	 */
	constructor({ holdExit = false, env = {}, secondsToStop }: { holdExit?: boolean; env?: Record<string, string>; secondsToStop?: number } = {}) {
		super();
		this.#holdExit = holdExit;
		const command: [string, string[]] =
			secondsToStop === undefined ? ['sleep', ['600']] : ['sh', ['-c', `trap 'sleep ${secondsToStop}; exit 0' TERM; echo trapped; while :; do sleep 0.1; done`]];
		this.#real = spawn(...command, { detached: true, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, ...env } });
		this.pid = this.#real.pid!;
		this.#trapSet = secondsToStop === undefined ? Promise.resolve() : EventEmitter.once(this.#real.stdout!, 'data').then(() => {});
		this.#real.stdout!.resume();
		this.#real.once('exit', (code, signal) => {
			this.#exit = [code, signal];
			if (!this.#holdExit) this.#emitExit();
		});
	}

	/** Resolves once a process given `secondsToStop` has set its SIGTERM trap. */
	trapSet(): Promise<void> {
		return this.#trapSet;
	}

	/** Resolves once the real process has exited (whether or not its exit event was delivered). */
	exited(): Promise<void> {
		return this.#real.exitCode !== null || this.#real.signalCode !== null ? Promise.resolve() : EventEmitter.once(this.#real, 'exit').then(() => {});
	}

	kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
		return this.#real.kill(signal);
	}

	deliverExit(): void {
		this.#holdExit = false;
		if (this.#exit) this.#emitExit();
	}

	#emitExit(): void {
		[this.exitCode, this.signalCode] = this.#exit!;
		this.emit('exit', this.exitCode, this.signalCode);
	}

	asChild(): ChildProcess {
		return this as unknown as ChildProcess;
	}
}

type Answer = (isAlive: () => boolean) => Promise<void>;

export class StandInSpawner implements SiteSpawner {
	readonly #spawns: (() => ChildProcess)[] = [];
	readonly #answers: Answer[] = [];
	/** Every stand-in handed out, so a test can end them all. */
	readonly spawned: StandInProcess[] = [];
	/** As a swarm site's spawner: a relaunch may not boot the new process beside the old. */
	oneAtATime = false;
	/** As a swarm site's spawner: a stopped process's time between SIGTERM and SIGKILL. */
	stopGraceMs: number | undefined = undefined;

	/** The next spawn returns `child` (or throws what `child` throws). */
	nextSpawn(child: () => ChildProcess): this {
		this.#spawns.push(child);
		return this;
	}

	nextStandIn(options?: { holdExit?: boolean; secondsToStop?: number }): StandInProcess {
		const standIn = this.track(new StandInProcess(options));
		this.nextSpawn(() => standIn.asChild());
		return standIn;
	}

	/** Ends `standIn` with the others at `endAll()`, though this spawner did not spawn it. */
	track(standIn: StandInProcess): StandInProcess {
		this.spawned.push(standIn);
		return standIn;
	}

	/** How the next wait for an answer ends; without one lined up, a live process answers at once. */
	nextAnswer(answer: Answer): this {
		this.#answers.push(answer);
		return this;
	}

	spawn(): ChildProcess {
		const next = this.#spawns.shift();
		if (!next) throw new Error('The test lined up no process for this spawn');
		return next();
	}

	async waitUntilAnswering(_port: number, isAlive: () => boolean): Promise<void> {
		const answer = this.#answers.shift();
		if (answer) return answer(isAlive);
		if (!isAlive()) throw new Error('The Directus process exited while starting');
	}

	endAll(): void {
		for (const standIn of this.spawned) standIn.kill('SIGKILL');
	}
}
