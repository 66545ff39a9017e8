/**
 * Restore jobs, kept in memory for the control plane to poll: each one's steps as they start and
 * end. At most one job per project runs at a time; finished ones are forgotten after a while.
 */
import { randomUUID } from 'node:crypto';
import type { RestoreJob, RestoreStepName } from '@epic/runtime-contract';
import { RuntimeError } from '../errors.ts';

/** Finished jobs kept for polling; the oldest finished ones go first. */
const KEEP_FINISHED = 200;

export class RestoreJobs {
	readonly #jobs = new Map<string, RestoreJob>();
	readonly #now: () => number;

	constructor(now: () => number = Date.now) {
		this.#now = now;
	}

	#time(): string {
		return new Date(this.#now()).toISOString();
	}

	/** A new running job; refused while another restore of the project runs. */
	begin(projectId: string, backupId: string): RestoreJob {
		for (const job of this.#jobs.values()) {
			if (job.projectId === projectId && job.state === 'running') {
				throw new RuntimeError('RESTORE_IN_PROGRESS', `A restore of project ${projectId} is already running (job ${job.id})`, 409);
			}
		}
		const job: RestoreJob = {
			id: randomUUID(),
			projectId,
			backupId,
			state: 'running',
			steps: [],
			safetyBackupId: null,
			rolledBack: false,
			error: null,
			startedAt: this.#time(),
			finishedAt: null,
		};
		this.#jobs.set(job.id, job);
		this.#forgetOld();
		return job;
	}

	/** A job of this project; another project's job id resolves to nothing. */
	get(projectId: string, jobId: string): RestoreJob | null {
		const job = this.#jobs.get(jobId);
		return job && job.projectId === projectId ? structuredClone(job) : null;
	}

	/** Runs one step, recording its start, its end and its error. */
	async step<T>(job: RestoreJob, name: RestoreStepName, work: () => Promise<T>): Promise<T> {
		const step = { name, state: 'running' as 'running' | 'done' | 'failed', startedAt: this.#time(), finishedAt: null as string | null, error: null as string | null };
		job.steps.push(step);
		try {
			const result = await work();
			step.state = 'done';
			return result;
		} catch (error) {
			step.state = 'failed';
			step.error = (error as Error).message;
			throw error;
		} finally {
			step.finishedAt = this.#time();
		}
	}

	finish(job: RestoreJob, state: Exclude<RestoreJob['state'], 'running'>, error: string | null = null): void {
		job.state = state;
		job.error = error;
		job.finishedAt = this.#time();
	}

	#forgetOld(): void {
		const finished = [...this.#jobs.values()].filter((job) => job.state !== 'running');
		for (const job of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.#jobs.delete(job.id);
	}
}
