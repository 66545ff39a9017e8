/**
 * The runtime's usage counter, its counts kept where its records are: in the state database with
 * RUNTIME_STATE_PG_URL (where they follow the runtime and a node router adds to them), else in the
 * data folder.
 */
import path from 'node:path';
import type { RuntimeConfig } from '../config.ts';
import { FileUsageStore, USAGE_FILE } from './file-usage-store.ts';
import { PostgresUsageStore } from './postgres-usage-store.ts';
import { UsageCounter } from './usage-counter.ts';

export async function openUsageCounter(config: Pick<RuntimeConfig, 'RUNTIME_STATE_PG_URL' | 'dataDir'>, log: (message: string) => void): Promise<UsageCounter> {
	if (!config.RUNTIME_STATE_PG_URL) return new UsageCounter(new FileUsageStore(config.dataDir), log);
	const store = new PostgresUsageStore(config.RUNTIME_STATE_PG_URL);
	const file = path.join(config.dataDir, USAGE_FILE);
	try {
		const added = await store.importFile(file);
		if (added > 0) log(`added the ${added} requests counted in ${file} to the usage counts in the state database`);
	} catch (error) {
		// The counts stay in the file, for the next start to add.
		log(`could not add ${file} to the usage counts in the state database: ${(error as Error).message}`);
	}
	return new UsageCounter(store, log);
}
