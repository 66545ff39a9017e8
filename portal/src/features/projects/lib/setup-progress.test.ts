import type { ProjectStep } from '@epic/platform-api';
import { describe, expect, it } from 'vitest';
import { listedSetupSteps, setupPercent, setupSteps } from './setup-progress';

const step = (name: ProjectStep['name'], state: ProjectStep['state'], detail: string | null = null): ProjectStep => ({
	name,
	state,
	started_at: null,
	finished_at: null,
	detail,
});

describe('setup progress', () => {
	it('shows the four steps as pending before the server reports any', () => {
		expect(setupSteps([])).toEqual([
			{ name: 'infrastructure', state: 'pending', detail: null },
			{ name: 'database', state: 'pending', detail: null },
			{ name: 'domain', state: 'pending', detail: null },
			{ name: 'certificate', state: 'pending', detail: null },
		]);
		expect(setupPercent([], true)).toBe(0);
	});

	it('keeps the contract order whatever order the server sends', () => {
		const steps = [step('database', 'in_progress'), step('infrastructure', 'complete', 'Handed out from the warm pool')];
		expect(setupSteps(steps).map((s) => [s.name, s.state])).toEqual([
			['infrastructure', 'complete'],
			['database', 'in_progress'],
			['domain', 'pending'],
			['certificate', 'pending'],
		]);
		expect(setupSteps(steps)[0]?.detail).toBe('Handed out from the warm pool');
	});

	it('counts completed steps of four where sites have HTTPS', () => {
		expect(setupPercent([step('infrastructure', 'complete')], true)).toBe(25);
		expect(setupPercent([step('infrastructure', 'complete'), step('database', 'complete'), step('domain', 'failed')], true)).toBe(50);
		expect(setupPercent([step('infrastructure', 'complete'), step('database', 'complete'), step('domain', 'complete'), step('certificate', 'complete')], true)).toBe(100);
	});

	it('leaves a skipped step out of the list and out of the count', () => {
		const steps = [step('infrastructure', 'complete'), step('database', 'complete'), step('domain', 'complete'), step('certificate', 'skipped', 'No TLS here')];
		expect(listedSetupSteps(steps, true).map((s) => s.name)).toEqual(['infrastructure', 'database', 'domain']);
		expect(setupPercent(steps, true)).toBe(100);
		expect(setupPercent(steps.slice(0, 2).concat(step('certificate', 'skipped')), true)).toBe(67);
	});

	it('never lists the certificate where sites are served over plain HTTP, even before the server skips it', () => {
		expect(listedSetupSteps([], false).map((s) => s.name)).toEqual(['infrastructure', 'database', 'domain']);
		expect(setupPercent([step('infrastructure', 'complete'), step('database', 'complete'), step('domain', 'complete')], false)).toBe(100);
	});

	it('reads an unknown state as pending', () => {
		expect(setupSteps([{ ...step('domain', 'complete'), state: 'weird' as ProjectStep['state'] }])[2]?.state).toBe('pending');
	});
});
