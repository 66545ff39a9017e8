import { describe, expect, it } from 'vitest';
import { completeStep, failCurrentStep, initialSteps, resumableSteps, startStep, storedSteps } from './provisioning-steps.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, seconds));

describe('provisioning steps', () => {
	it('start as the four pending steps, in order', () => {
		expect(initialSteps().map((step) => [step.name, step.state])).toEqual([
			['infrastructure', 'pending'],
			['database', 'pending'],
			['domain', 'pending'],
			['certificate', 'pending'],
		]);
	});

	it('record when a step starts and ends, and what happened', () => {
		let steps = startStep(initialSteps(), 'infrastructure', at(1));
		expect(steps[0]).toEqual({ name: 'infrastructure', state: 'in_progress', started_at: at(1).toISOString(), finished_at: null, detail: null });
		steps = completeStep(steps, 'infrastructure', at(3), 'Process 42 listens on port 9000');
		expect(steps[0]).toMatchObject({ state: 'complete', started_at: at(1).toISOString(), finished_at: at(3).toISOString(), detail: 'Process 42 listens on port 9000' });
		// A step completed without a recorded start starts and ends at once.
		expect(completeStep(steps, 'database', at(4), 'x')[1]).toMatchObject({ started_at: at(4).toISOString(), finished_at: at(4).toISOString() });
	});

	it('fail the step in progress, or else the first unfinished one', () => {
		const running = startStep(completeStep(initialSteps(), 'infrastructure', at(1), 'ok'), 'database', at(2));
		expect(failCurrentStep(running, at(5), 'disk full')[1]).toMatchObject({ state: 'failed', detail: 'disk full', finished_at: at(5).toISOString() });
		const idle = completeStep(initialSteps(), 'infrastructure', at(1), 'ok');
		expect(failCurrentStep(idle, at(5), 'lost')[1]).toMatchObject({ name: 'database', state: 'failed' });
	});

	it('read the stored JSON, and start afresh from anything else', () => {
		const steps = completeStep(initialSteps(), 'infrastructure', at(1), 'ok');
		expect(resumableSteps(JSON.stringify(steps))).toEqual(steps);
		expect(resumableSteps(steps)).toEqual(steps);
		expect(resumableSteps(null)).toEqual(initialSteps());
		expect(resumableSteps([])).toEqual(initialSteps());
		expect(storedSteps('not json')).toEqual([]);
		expect(storedSteps([])).toEqual([]);
	});
});
