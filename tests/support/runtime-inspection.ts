/**
 * What a runtime has on disk and in the process table, read independently of its API: the tests
 * use it to prove that nothing is orphaned after crashes and deletes.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { instanceRootsOfRuntime, processesOfRuntime } from '../../runtime/src/processes/process-table.ts';

export { isProcessAlive, processEnvironment } from '../../runtime/src/processes/process-table.ts';
import { readStateFile, stateFilePath } from '../../runtime/src/state/file-state-persistence.ts';
import type { RuntimeState } from '../../runtime/src/state/instance-record.ts';

/** As the runtime reads its state file: none yet (a runtime killed before its first record) is no record. */
export function runtimeState(dataDir: string): RuntimeState {
	return readStateFile(stateFilePath(dataDir));
}

/** The folder of a project's instance, from the runtime's state file. */
export function instanceDirOf(dataDir: string, projectId: string): string {
	const record = Object.values(runtimeState(dataDir).instances).find((candidate) => candidate.id === projectId);
	if (!record) throw new Error(`No record for ${projectId} in ${dataDir}`);
	return record.dir;
}

export function instanceFolders(dataDir: string): string[] {
	try {
		return readdirSync(path.join(dataDir, 'instances'));
	} catch {
		return [];
	}
}

export interface Orphans {
	processes: number[];
	folders: string[];
}

/**
 * Processes and folders of this runtime that its state file does not account for (a site launcher's
 * site is accounted for by its launcher's pid).
 */
export function findOrphans(dataDir: string): Orphans {
	const records = Object.values(runtimeState(dataDir).instances);
	const knownPids = new Set(records.map((record) => record.pid).filter((pid): pid is number => pid !== null));
	const knownFolders = new Set(records.map((record) => path.basename(record.dir)));
	return {
		processes: instanceRootsOfRuntime(dataDir)
			.map((owned) => owned.pid)
			.filter((pid) => !knownPids.has(pid)),
		folders: instanceFolders(dataDir).filter((folder) => !knownFolders.has(folder)),
	};
}

/** One process per running instance: a site started through the site launcher counts as its launcher. */
export function runtimeProcesses(dataDir: string): number[] {
	return instanceRootsOfRuntime(dataDir).map((owned) => owned.pid);
}

/** Every process with this runtime's environment, a site launcher's site included. */
export function everyRuntimeProcess(dataDir: string): number[] {
	return processesOfRuntime(dataDir)
		.map((owned) => owned.pid)
		.sort((a, b) => a - b);
}
