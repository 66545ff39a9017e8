import { describe, expect, it } from 'vitest';
import { runProjectActions } from './staff-project-actions.ts';

// Input is checked before the database or the runtime is touched: none is given here.
const nothing = { database: undefined as never, reconciler: null, driver: null };

describe('runProjectActions', () => {
	it('answers an unknown action, a missing selection or no runtime with the reason', async () => {
		expect(await runProjectActions(nothing, { action: 'explode', projects: ['p1'] })).toEqual({
			error: 'Unknown action "explode": choose one of suspend, resume, restart, back-up',
		});
		expect(await runProjectActions(nothing, { action: 'suspend', projects: [] })).toEqual({ error: 'Select the projects to act on' });
		expect(await runProjectActions(nothing, { action: 'suspend', projects: '{{$trigger.body.keys}}' })).toEqual({ error: 'Select the projects to act on' });
		expect(await runProjectActions(nothing, { action: 'restart', projects: ['p1'] })).toEqual({
			error: 'No runtime is configured: projects have no site to act on',
		});
	});
});
