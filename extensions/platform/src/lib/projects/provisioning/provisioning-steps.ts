/**
 * The provisioning steps a project records as they really happen (docs/product.md, States, Project):
 * each with its state, when it started and ended, and what happened. Pure: the reconciler passes
 * the time, so tests need no clock.
 */
import { PROJECT_STEP_NAMES, type ProjectStep, type ProjectStepName } from '@epic/platform-api';

export function initialSteps(): ProjectStep[] {
	return PROJECT_STEP_NAMES.map((name) => ({ name, state: 'pending', started_at: null, finished_at: null, detail: null }));
}

/** The stored value (JSON text on SQLite, parsed on PostgreSQL); `[]` when missing or unreadable. */
export function storedSteps(stored: unknown): ProjectStep[] {
	let parsed: unknown = stored;
	if (typeof stored === 'string') {
		try {
			parsed = JSON.parse(stored);
		} catch {
			parsed = null;
		}
	}
	return Array.isArray(parsed) ? (parsed as ProjectStep[]) : [];
}

/** The steps to carry on with: the stored four, or fresh ones when they are not the four. */
export function resumableSteps(stored: unknown): ProjectStep[] {
	const steps = storedSteps(stored);
	return steps.length === PROJECT_STEP_NAMES.length ? steps : initialSteps();
}

function change(steps: ProjectStep[], name: ProjectStepName, update: (step: ProjectStep) => ProjectStep): ProjectStep[] {
	return steps.map((step) => (step.name === name ? update(step) : step));
}

export function startStep(steps: ProjectStep[], name: ProjectStepName, now: Date): ProjectStep[] {
	return change(steps, name, (step) => ({ ...step, state: 'in_progress', started_at: now.toISOString(), finished_at: null, detail: null }));
}

export function completeStep(steps: ProjectStep[], name: ProjectStepName, now: Date, detail: string): ProjectStep[] {
	return change(steps, name, (step) => ({ ...step, state: 'complete', started_at: step.started_at ?? now.toISOString(), finished_at: now.toISOString(), detail }));
}

/** A step that does not apply to this installation: not done, not to be done. */
export function skipStep(steps: ProjectStep[], name: ProjectStepName, now: Date, detail: string): ProjectStep[] {
	return change(steps, name, (step) => ({ ...step, state: 'skipped', started_at: null, finished_at: now.toISOString(), detail }));
}

/** The step in progress fails with the reason; a failure outside any step fails the first unfinished one. */
export function failCurrentStep(steps: ProjectStep[], now: Date, reason: string): ProjectStep[] {
	const current = steps.find((step) => step.state === 'in_progress') ?? steps.find((step) => step.state !== 'complete' && step.state !== 'skipped');
	if (!current) return steps;
	return change(steps, current.name, (step) => ({ ...step, state: 'failed', finished_at: now.toISOString(), detail: reason }));
}
