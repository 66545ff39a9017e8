import { PROJECT_STEP_NAMES, type ProjectStep, type ProjectStepName, type ProjectStepState } from '@epic/platform-api';

export type SetupStep = { name: ProjectStepName; state: ProjectStepState; detail: string | null };

const STEP_STATES: readonly string[] = ['pending', 'in_progress', 'complete', 'failed'] satisfies ProjectStepState[];

/**
 * The four provisioning steps in their order, as the server reported them (docs/product.md,
 * Project): a step the server has not reported yet is pending. Nothing here advances by time.
 */
export function setupSteps(steps: readonly ProjectStep[]): SetupStep[] {
  return PROJECT_STEP_NAMES.map((name) => {
    const reported = steps.find((step) => step.name === name);
    const state = reported && STEP_STATES.includes(reported.state) ? reported.state : 'pending';
    return { name, state, detail: reported?.detail ?? null };
  });
}

/** Overall progress: completed steps of the four, as a whole percent. */
export function setupPercent(steps: readonly ProjectStep[]): number {
  const complete = setupSteps(steps).filter((step) => step.state === 'complete').length;
  return Math.round((complete / PROJECT_STEP_NAMES.length) * 100);
}
