/**
 * Start-up convergence after any crash: half-made instances are torn down, instances whose
 * processes still run are adopted, the ones that should run are started, and every process,
 * folder and database of this runtime that no record explains is removed. After this, the disk
 * and the process table say the same thing as the state file.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '../config.ts';
import { instanceRootsOfRuntime, isInstanceProcess, killAndWait } from '../processes/process-table.ts';
import type { InstanceReader, ProcessObservationWriter } from '../state/instance-store.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import { instancesDir, type InstanceFactory } from './instance-factory.ts';
import type { Logger, ProcessSupervisor } from './process-supervisor.ts';

export interface RecoveryReport {
	halfMadeRemoved: string[];
	outdatedPoolMembersRemoved: string[];
	adopted: string[];
	toStart: string[];
	orphanProcessesKilled: number[];
	orphanFoldersRemoved: string[];
	orphanDatabasesDropped: string[];
}

interface RecoveryParts {
	config: RuntimeConfig;
	store: InstanceReader & ProcessObservationWriter;
	databases: InstanceDatabases;
	factory: InstanceFactory;
	supervisor: ProcessSupervisor;
	log: Logger;
	/** The installed Directus version. */
	directusVersion: string;
}

export async function recover({ config, store, databases, factory, supervisor, log, directusVersion }: RecoveryParts): Promise<RecoveryReport> {
	const report: RecoveryReport = {
		halfMadeRemoved: [],
		outdatedPoolMembersRemoved: [],
		adopted: [],
		toStart: [],
		orphanProcessesKilled: [],
		orphanFoldersRemoved: [],
		orphanDatabasesDropped: [],
	};

	for (const record of store.all().filter((candidate) => candidate.phase === 'creating')) {
		await factory.destroy(record);
		report.halfMadeRemoved.push(record.id);
	}

	// Pool members cloned from another Directus version's template hold nothing of a customer's:
	// they are made again from the current template (by the refill) rather than upgraded.
	for (const record of store.all().filter((candidate) => candidate.kind === 'pool' && candidate.directusVersion !== directusVersion)) {
		await factory.destroy(record);
		report.outdatedPoolMembersRemoved.push(record.id);
	}

	const adoptedPids = new Set<number>();
	for (const record of store.all()) {
		const running = record.pid !== null && isInstanceProcess(record.pid, config.dataDir, record.dir);
		const shouldRun = record.desired === 'running' && !record.asleep;
		if (running && shouldRun) {
			supervisor.adopt(record.id, record.pid!, record.dir, record.port);
			adoptedPids.add(record.pid!);
			report.adopted.push(record.id);
			continue;
		}
		store.recordNoProcess(record.id);
		if (shouldRun) report.toStart.push(record.id);
	}

	// An adopted site launcher's site is left to it; killing an orphaned launcher ends its site too.
	for (const owned of instanceRootsOfRuntime(config.dataDir)) {
		if (adoptedPids.has(owned.pid)) continue;
		await killAndWait(owned.pid, 'SIGKILL');
		report.orphanProcessesKilled.push(owned.pid);
	}

	const referencedFolders = new Set(store.all().map((record) => path.basename(record.dir)));
	let folders: string[] = [];
	try {
		folders = readdirSync(instancesDir(config));
	} catch {
		// no instance made yet
	}
	for (const folder of folders) {
		if (referencedFolders.has(folder)) continue;
		rmSync(path.join(instancesDir(config), folder), { recursive: true, force: true });
		report.orphanFoldersRemoved.push(folder);
	}

	const referenced = store.all().map((record) => record.storage);
	report.orphanDatabasesDropped = await databases.removeUnreferenced(referenced);
	await databases.secureReferenced(referenced);

	const changes = Object.entries(report).filter(([, items]) => (items as unknown[]).length > 0);
	if (changes.length) log(`recovered: ${changes.map(([name, items]) => `${name} ${(items as unknown[]).length}`).join(', ')}`);
	return report;
}
