import { PROJECT_STEP_NAMES, type ProjectStep, type ProjectStepName, type ProjectStepState } from '@epic/platform-api';

export type SetupStep = { name: ProjectStepName; state: ProjectStepState; detail: string | null };

const STEP_STATES: readonly string[] = ['pending', 'in_progress', 'complete', 'failed', 'skipped'] satisfies ProjectStepState[];

/**
 * The provisioning steps in their order, as the server reported them (docs/product.md, Project):
 * a step the server has not reported yet is pending. Nothing here advances by time.
 */
export function setupSteps(steps: readonly ProjectStep[]): SetupStep[] {
	return PROJECT_STEP_NAMES.map((name) => {
		const reported = steps.find((step) => step.name === name);
		const state = reported && STEP_STATES.includes(reported.state) ? reported.state : 'pending';
		return { name, state, detail: reported?.detail ?? null };
	});
}

/**
 * The steps that apply here: where sites are served over plain HTTP there is no certificate step
 * (the server records it as skipped once it gets there), so it is never listed.
 */
export function listedSetupSteps(steps: readonly ProjectStep[], sitesOverHttps: boolean): SetupStep[] {
	return setupSteps(steps).filter((step) => step.state !== 'skipped' && (sitesOverHttps || step.name !== 'certificate'));
}

/** Overall progress: completed steps of those that apply, as a whole percent. */
export function setupPercent(steps: readonly ProjectStep[], sitesOverHttps: boolean): number {
	const listed = listedSetupSteps(steps, sitesOverHttps);
	const complete = listed.filter((step) => step.state === 'complete').length;
	return Math.round((complete / listed.length) * 100);
}
