/**
 * The runtimes a benchmark starts: each one started, handed to the measurement and destroyed
 * afterwards whatever happens, with its output logged when the measurement fails; every runtime
 * still alive is destroyed on SIGINT or SIGTERM, so an interrupted run leaves no site behind.
 */
import type { TestRuntime } from '../../tests/support/test-runtime.ts';
import { troubleIn } from './runtime-trouble.ts';
import { elapsed, now } from './time.ts';

export class BenchRuntimes {
	/** The runtimes started and not destroyed yet. */
	readonly live = new Set<TestRuntime>();
	readonly #log: (message: string) => void;

	constructor(log: (message: string) => void) {
		this.#log = log;
		for (const signal of ['SIGINT', 'SIGTERM'] as const) {
			process.once(signal, () => {
				log(`${signal}: stopping every runtime…`);
				void this.destroyAll().finally(() => process.exit(130));
			});
		}
	}

	/** Starts `rt` (its start time is handed to `work`), runs `work`, and destroys `rt`. */
	async run<T>(name: string, rt: TestRuntime, work: (rt: TestRuntime, startMs: number) => Promise<T>) {
		this.live.add(rt);
		try {
			this.#log(`${name}: starting a runtime, bootstrapping its template…`);
			const started = now();
			await rt.start();
			const result = await work(rt, elapsed(started));
			return { result, trouble: troubleIn(rt) };
		} catch (error) {
			this.#log(`${name} failed; runtime output:\n${rt.output()}`);
			throw error;
		} finally {
			await rt.destroy();
			this.live.delete(rt);
		}
	}

	async destroyAll(): Promise<void> {
		await Promise.allSettled([...this.live].map((rt) => rt.destroy()));
	}
}
