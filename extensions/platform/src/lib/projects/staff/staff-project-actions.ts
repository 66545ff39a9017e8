/**
 * What staff do to customers' projects from Studio, through the `project-actions` Flow operation
 * (the manual Flow "Project actions" on the Projects page): suspend, resume, restart or back up the
 * selected projects. Each project is handled on its own: one that is in the wrong state is skipped
 * with the reason, one whose runtime call fails is reported, and neither stops the others. The
 * result becomes the operation's data and shows in the Flow's logs.
 */
import type { Knex } from 'knex';
import type { RuntimeDriver } from '../../runtime/runtime-driver.ts';
import type { ProjectReconciler } from '../provisioning/project-reconciler.ts';

export const STAFF_PROJECT_ACTIONS = ['suspend', 'resume', 'restart', 'back-up'] as const;
export type StaffProjectAction = (typeof STAFF_PROJECT_ACTIONS)[number];

export interface ProjectActionsOptions {
	action?: unknown;
	projects?: unknown;
}

export interface ProjectActionsResult {
	action: StaffProjectAction;
	done: string[];
	skipped: { project: string; reason: string }[];
	failed: { project: string; error: string }[];
}

export interface ProjectActionsDependencies {
	database: Knex;
	reconciler: ProjectReconciler | null;
	driver: RuntimeDriver | null;
}

class ProjectActionError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The status each action starts from: a project in another state is skipped. */
const FROM_STATUS: Record<StaffProjectAction, string> = {
	suspend: 'published',
	resume: 'suspended',
	restart: 'published',
	'back-up': 'published',
};

function parseAction(value: unknown): StaffProjectAction {
	const action = STAFF_PROJECT_ACTIONS.find((candidate) => candidate === value);
	if (!action) throw new ProjectActionError(`Unknown action ${JSON.stringify(value)}: choose one of ${STAFF_PROJECT_ACTIONS.join(', ')}`);
	return action;
}

/** Acting on every project at once is never what a click meant: a selection is required. */
function parseProjects(value: unknown): string[] {
	if (!Array.isArray(value) || value.length === 0) throw new ProjectActionError('Select the projects to act on');
	return [...new Set(value.map(String))];
}

async function act(action: StaffProjectAction, projectId: string, reconciler: ProjectReconciler, driver: RuntimeDriver): Promise<void> {
	if (action === 'suspend') return reconciler.suspendByStaff(projectId);
	if (action === 'resume') return reconciler.resumeByStaff(projectId);
	if (action === 'restart') {
		await driver.stopInstance(projectId);
		await driver.startInstance(projectId);
		return;
	}
	await driver.createBackup(projectId, 'manual');
}

/**
 * A request that cannot be carried out (unknown action, no selection, no runtime) answers
 * `{ error }` and changes nothing: Directus answers a manual Flow whose operation throws with an
 * empty 200, so a thrown error would reach neither Studio nor the Flow's log.
 */
export async function runProjectActions(dependencies: ProjectActionsDependencies, options: ProjectActionsOptions): Promise<ProjectActionsResult | { error: string }> {
	try {
		return await actOnProjects(dependencies, options);
	} catch (error) {
		if (error instanceof ProjectActionError) return { error: error.message };
		throw error;
	}
}

async function actOnProjects(dependencies: ProjectActionsDependencies, options: ProjectActionsOptions): Promise<ProjectActionsResult> {
	const action = parseAction(options.action);
	const projects = parseProjects(options.projects);
	const { reconciler, driver } = dependencies;
	if (!reconciler || !driver) throw new ProjectActionError('No runtime is configured: projects have no site to act on');

	// Project ids are UUIDs; anything else names no project (and PostgreSQL would refuse the query).
	const candidates = projects.filter((id) => UUID.test(id));
	const rows = (await dependencies.database('projects').select('id', 'status').whereIn('id', candidates)) as { id: string; status: string }[];
	const statusOf = new Map(rows.map((row) => [String(row.id), row.status]));
	const result: ProjectActionsResult = { action, done: [], skipped: [], failed: [] };
	for (const project of projects) {
		const status = statusOf.get(project);
		if (status !== FROM_STATUS[action]) {
			result.skipped.push({ project, reason: status ? `it is ${status}, not ${FROM_STATUS[action]}` : 'no such project' });
			continue;
		}
		try {
			await act(action, project, reconciler, driver);
			result.done.push(project);
		} catch (error) {
			result.failed.push({ project, error: (error as Error).message });
		}
	}
	return result;
}
