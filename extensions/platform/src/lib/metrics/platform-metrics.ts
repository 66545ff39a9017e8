/**
 * What the control plane counts: billing events, provisioning steps and scheduled jobs, on a registry the caller
 * owns (a test passes its own). Labels are bounded: the provider's event type (a fixed list per
 * provider, and only events that passed the signature check are counted), an outcome, a step name;
 * never a customer, project or event id. Recording never throws into billing or provisioning.
 */
import { Counter, Registry } from 'prom-client';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';
/** `skipped`: a step that does not apply here (the certificate over plain HTTP). */
export type StepOutcome = 'complete' | 'failed' | 'skipped';

export class PlatformMetrics {
	readonly registry: Registry;
	readonly #webhooksProcessed: Counter<'type' | 'outcome'>;
	readonly #webhooksFailed: Counter<'type'>;
	readonly #provisioningSteps: Counter<'step' | 'outcome'>;
	readonly #jobFirings: Counter<'job'>;
	readonly #jobRuns: Counter<'job' | 'outcome'>;
	readonly #log: (message: string) => void;

	constructor(registry = new Registry(), log: (message: string) => void = () => {}) {
		this.registry = registry;
		this.#log = log;
		const registers = [registry];
		this.#webhooksProcessed = new Counter({
			name: 'epic_billing_webhooks_processed_total',
			help: "Billing provider events handled, by the provider's event type and outcome (processed, duplicate, ignored).",
			labelNames: ['type', 'outcome'],
			registers,
		});
		this.#webhooksFailed = new Counter({
			name: 'epic_billing_webhooks_failed_total',
			help: "Billing provider events whose processing failed (the provider redelivers them), by the provider's event type.",
			labelNames: ['type'],
			registers,
		});
		this.#provisioningSteps = new Counter({
			name: 'epic_provisioning_steps_total',
			help: 'Provisioning steps finished, by step (infrastructure, database, domain, certificate) and outcome (complete, failed).',
			labelNames: ['step', 'outcome'],
			registers,
		});
		this.#jobFirings = new Counter({
			name: 'epic_scheduled_job_firings_total',
			help: "Times this replica's schedule fired a scheduled job, by job; the tick runs on one replica only.",
			labelNames: ['job'],
			registers,
		});
		this.#jobRuns = new Counter({
			name: 'epic_scheduled_job_runs_total',
			help: 'Scheduled job runs this replica did, by job and outcome (succeeded, failed).',
			labelNames: ['job', 'outcome'],
			registers,
		});
	}

	#safely(what: string, record: () => void): void {
		try {
			record();
		} catch (error) {
			this.#log(`metrics: could not record ${what}: ${(error as Error).message}`);
		}
	}

	webhookProcessed(type: string, outcome: WebhookOutcome): void {
		this.#safely('a billing event', () => this.#webhooksProcessed.inc({ type, outcome }));
	}

	webhookFailed(type: string): void {
		this.#safely('a failed billing event', () => this.#webhooksFailed.inc({ type }));
	}

	scheduledJobFired(job: string): void {
		this.#safely('a scheduled job firing', () => this.#jobFirings.inc({ job }));
	}

	scheduledJobRan(job: string, outcome: 'succeeded' | 'failed'): void {
		this.#safely('a scheduled job run', () => this.#jobRuns.inc({ job, outcome }));
	}

	provisioningStep(step: string, outcome: StepOutcome): void {
		this.#safely('a provisioning step', () => this.#provisioningSteps.inc({ step, outcome }));
	}
}
