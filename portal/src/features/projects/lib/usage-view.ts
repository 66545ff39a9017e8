import type { ProjectsUsage, ProjectUsage, UsageFigures } from '@epic/platform-api';

/**
 * What the dashboard can say about usage: the figures, why there are none (no runtime counts here,
 * or it did not answer, or the portal could not ask), or nothing yet. Never zeros in place of figures.
 */
export type UsageView =
	{ kind: 'loading' } | { kind: 'unavailable'; reason: 'not_configured' | 'unreachable' } | { kind: 'ready'; total: UsageFigures; projects: ReadonlyMap<string, ProjectUsage> };

export type ProjectUsageView = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'ready'; usage: ProjectUsage };

/** Figures already read stay shown while a later read fails; a failure without any is "unreachable". */
export function usageView(data: ProjectsUsage | undefined, error: unknown): UsageView {
	if (data?.available) return { kind: 'ready', total: data.total, projects: new Map(data.projects.map((project) => [project.id, project])) };
	if (data) return { kind: 'unavailable', reason: data.reason };
	if (error) return { kind: 'unavailable', reason: 'unreachable' };
	return { kind: 'loading' };
}

/** A project the figures do not list yet (created after they were read) waits for the next read. */
export function projectUsageView(view: UsageView, projectId: string): ProjectUsageView {
	if (view.kind !== 'ready') return view.kind === 'loading' ? view : { kind: 'unavailable' };
	const usage = view.projects.get(projectId);
	return usage ? { kind: 'ready', usage } : { kind: 'loading' };
}
