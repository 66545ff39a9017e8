/**
 * What staff do to customers' projects from Studio, through the `project-actions` Flow operation
 * (the manual Flow "Project actions" on the Projects page): suspend, resume, restart, back up,
 * upgrade, restore from a backup or delete the selected projects. Each project is handled on its
 * own: one that is in the wrong state is skipped with the reason, one whose runtime call fails is
 * reported, and neither stops the others. The result becomes the operation's data and shows in the
 * Flow's logs.
 */
import type { ProjectBackup } from '@epic/platform-api';
import { backupId as backupIdSchema } from '@epic/runtime-contract';
import type { Knex } from 'knex';
import type { RuntimeDriver } from '../../runtime-driver/runtime-driver.ts';
import { tearDownProject, type SiteRemoval } from '../project-teardown.ts';
import type { StaffRestore } from './staff-project-restore.ts';
import { resumeByStaff, suspendByStaff } from './staff-suspensions.ts';

export const STAFF_PROJECT_ACTIONS = ['suspend', 'resume', 'restart', 'back-up', 'upgrade', 'restore', 'delete'] as const;
export type StaffProjectAction = (typeof STAFF_PROJECT_ACTIONS)[number];

export interface ProjectActionsOptions {
	action?: unknown;
	projects?: unknown;
	/** Restore: the backup's id. */
	backup?: unknown;
	/** Delete: the word `delete`, typed in the dialog. */
	confirm?: unknown;
}

export interface ProjectActionsResult {
	action: StaffProjectAction;
	done: string[];
	skipped: { project: string; reason: string }[];
	failed: { project: string; error: string }[];
}

export interface ProjectActionsDependencies {
	database: Knex;
	logger: { info(message: string): void };
	/** The projects' sites: null without a runtime. */
	sites: (SiteRemoval & { driver: RuntimeDriver }) | null;
	/** Null without a runtime, like the sites. */
	restore: StaffRestore | null;
}

/** A restore asked for without a backup id answers with the project's backups to choose from. */
export type ProjectActionsRefusal = { error: string; backups?: ProjectBackup[] };

class ProjectActionError extends Error {
	readonly backups: ProjectBackup[] | undefined;

	constructor(message: string, backups?: ProjectBackup[]) {
		super(message);
		this.backups = backups;
	}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The status each action starts from: a project in another state is skipped (null: any state). */
const FROM_STATUS: Record<StaffProjectAction, string | null> = {
	suspend: 'published',
	resume: 'suspended',
	restart: 'published',
	'back-up': 'published',
	upgrade: 'published',
	restore: 'published',
	// Like a customer's DELETE /projects/{id}: whatever the state, the instance and the row go.
	delete: null,
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

/** What restore and delete need besides the project: checked before any project is touched. */
interface ActionInput {
	database: Knex;
	logger: { info(message: string): void };
	restore: StaffRestore;
	backupId: string | null;
}

/**
 * A backup belongs to one project, and deleting is for good: both are asked for explicitly. Returns
 * the backup id of a restore; null for it means none was given (or none that can be one).
 */
function parseActionInput(action: StaffProjectAction, options: ProjectActionsOptions, projects: string[]): string | null {
	if (action === 'delete' && (typeof options.confirm !== 'string' || options.confirm.trim().toLowerCase() !== 'delete')) {
		throw new ProjectActionError('Type delete in the confirmation field to delete the selected projects with their sites and data');
	}
	if (action !== 'restore') return null;
	if (projects.length !== 1) throw new ProjectActionError('Restore one project at a time: a backup belongs to one project');
	const backupId = typeof options.backup === 'string' ? options.backup.trim() : '';
	return backupIdSchema.safeParse(backupId).success ? backupId : null;
}

/** Studio shows no backups: a restore without a backup id answers with the project's to choose from. */
async function backupIdRequired(restore: StaffRestore, projectId: string): Promise<never> {
	const backups = await restore.backupsOf(projectId).catch(() => undefined);
	const listed = backups ? ": the project's backups are listed under backups" : '';
	throw new ProjectActionError(`Give the id of the backup to restore, such as 20260131T120000000Z-0a1b2c3d${listed}`, backups);
}

async function act(action: StaffProjectAction, projectId: string, sites: SiteRemoval & { driver: RuntimeDriver }, input: ActionInput): Promise<void> {
	const { driver } = sites;
	if (action === 'restore') return input.restore.restore(projectId, input.backupId!);
	if (action === 'delete') return tearDownProject(input.database, sites, projectId);
	if (action === 'suspend') return suspendByStaff({ database: input.database, driver, logger: input.logger }, projectId);
	if (action === 'resume') return resumeByStaff({ database: input.database, driver, logger: input.logger }, projectId);
	if (action === 'restart') {
		await driver.stopInstance(projectId);
		await driver.startInstance(projectId);
		return;
	}
	if (action === 'upgrade') {
		// A failed upgrade has put the site's data back: it is reported as this project's failure.
		const upgrade = await driver.upgradeInstance(projectId);
		if (upgrade.outcome !== 'upgraded') throw new Error(upgrade.error ?? `The upgrade ended ${upgrade.outcome}`);
		return;
	}
	await driver.createBackup(projectId, 'manual');
}

/**
 * A request that cannot be carried out (unknown action, no selection, no runtime, a restore without
 * a backup id or of several projects, a delete without its confirmation) answers
 * `{ error }` and changes nothing: Directus answers a manual Flow whose operation throws with an
 * empty 200, so a thrown error would reach neither Studio nor the Flow's log.
 */
export async function runProjectActions(dependencies: ProjectActionsDependencies, options: ProjectActionsOptions): Promise<ProjectActionsResult | ProjectActionsRefusal> {
	try {
		return await actOnProjects(dependencies, options);
	} catch (error) {
		if (error instanceof ProjectActionError) return error.backups ? { error: error.message, backups: error.backups } : { error: error.message };
		throw error;
	}
}

async function actOnProjects(dependencies: ProjectActionsDependencies, options: ProjectActionsOptions): Promise<ProjectActionsResult> {
	const action = parseAction(options.action);
	const projects = parseProjects(options.projects);
	const backupId = parseActionInput(action, options, projects);
	const { sites, restore } = dependencies;
	if (!sites || !restore) throw new ProjectActionError('No runtime is configured: projects have no site to act on');
	if (action === 'restore' && !backupId) await backupIdRequired(restore, projects[0]!);
	const input: ActionInput = { database: dependencies.database, logger: dependencies.logger, restore, backupId };

	// Project ids are UUIDs; anything else names no project (and PostgreSQL would refuse the query).
	const candidates = projects.filter((id) => UUID.test(id));
	const rows = (await dependencies.database('projects').select('id', 'status').whereIn('id', candidates)) as { id: string; status: string }[];
	const statusOf = new Map(rows.map((row) => [String(row.id), row.status]));
	const result: ProjectActionsResult = { action, done: [], skipped: [], failed: [] };
	for (const project of projects) {
		const status = statusOf.get(project);
		const from = FROM_STATUS[action];
		if (!status || (from !== null && status !== from)) {
			result.skipped.push({ project, reason: status ? `it is ${status}, not ${from}` : 'no such project' });
			continue;
		}
		try {
			await act(action, project, sites, input);
			result.done.push(project);
		} catch (error) {
			result.failed.push({ project, error: (error as Error).message });
		}
	}
	return result;
}
