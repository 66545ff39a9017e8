import { describe, expect, it } from 'vitest';
import { runProjectActions, STAFF_PROJECT_ACTIONS } from './staff-project-actions.ts';

// Input is checked before the database or the runtime is touched: none is given here.
const nothing = { database: undefined as never, logger: { info: () => {} }, sites: null, restore: null };

describe('runProjectActions', () => {
	it('answers an unknown action, a missing selection or no runtime with the reason', async () => {
		expect(await runProjectActions(nothing, { action: 'explode', projects: ['p1'] })).toEqual({
			error: `Unknown action "explode": choose one of ${STAFF_PROJECT_ACTIONS.join(', ')}`,
		});
		expect(await runProjectActions(nothing, { action: 'suspend', projects: [] })).toEqual({ error: 'Select the projects to act on' });
		expect(await runProjectActions(nothing, { action: 'suspend', projects: '{{$trigger.body.keys}}' })).toEqual({ error: 'Select the projects to act on' });
		expect(await runProjectActions(nothing, { action: 'restart', projects: ['p1'] })).toEqual({
			error: 'No runtime is configured: projects have no site to act on',
		});
	});

	it('deletes only when the dialog says delete, and restores one project at a time', async () => {
		const unconfirmed = { error: 'Type delete in the confirmation field to delete the selected projects with their sites and data' };
		for (const confirm of [undefined, '', 'yes', '{{$trigger.body.confirm}}']) {
			expect(await runProjectActions(nothing, { action: 'delete', projects: ['p1'], confirm }), String(confirm)).toEqual(unconfirmed);
		}
		// Past the confirmation (any case, spaces trimmed), only the missing runtime stops it here.
		expect(await runProjectActions(nothing, { action: 'delete', projects: ['p1'], confirm: ' Delete ' })).toEqual({
			error: 'No runtime is configured: projects have no site to act on',
		});
		expect(await runProjectActions(nothing, { action: 'restore', projects: ['p1', 'p2'], backup: '20260131T120000000Z-0a1b2c3d' })).toEqual({
			error: 'Restore one project at a time: a backup belongs to one project',
		});
	});
});
