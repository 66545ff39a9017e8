import { describe, expect, it } from 'vitest';
import { projectUsageView, usageView } from './usage-view';

const figures = { requests: 5, previous_requests: 2, change_percent: 150 };
const usage = {
	id: 'p1',
	...figures,
	daily: [{ day: '2026-03-15', requests: 5 }],
};
const answer = { available: true as const, from: '2026-02-14', to: '2026-03-15', total: figures, projects: [usage] };

describe('usage view', () => {
	it('shows the figures, per project by id', () => {
		const view = usageView(answer, undefined);
		expect(view).toMatchObject({ kind: 'ready', total: figures });
		expect(projectUsageView(view, 'p1')).toEqual({ kind: 'ready', usage });
		// Created after the figures were read: nothing is made up for it.
		expect(projectUsageView(view, 'p2')).toEqual({ kind: 'loading' });
	});

	it('keeps figures already read when a later read fails', () => {
		expect(usageView(answer, new Error('offline')).kind).toBe('ready');
	});

	it('says why there are no figures, for the dashboard and each project', () => {
		const notConfigured = usageView({ available: false, reason: 'not_configured' }, undefined);
		expect(notConfigured).toEqual({ kind: 'unavailable', reason: 'not_configured' });
		expect(projectUsageView(notConfigured, 'p1')).toEqual({ kind: 'unavailable' });
		expect(usageView({ available: false, reason: 'unreachable' }, undefined)).toEqual({ kind: 'unavailable', reason: 'unreachable' });
		expect(usageView(undefined, new Error('offline'))).toEqual({ kind: 'unavailable', reason: 'unreachable' });
	});

	it('waits while nothing is known yet', () => {
		expect(usageView(undefined, undefined)).toEqual({ kind: 'loading' });
		expect(projectUsageView({ kind: 'loading' }, 'p1')).toEqual({ kind: 'loading' });
	});
});
