/**
 * The runtime's instance records, kept where its configuration says: a PostgreSQL table with
 * RUNTIME_STATE_PG_URL (what a swarm's managers share), else the data folder's state file.
 */
import type { RuntimeConfig } from '../config.ts';
import { acceptedSecrets } from '../secrets/accepted-secrets.ts';
import { fileStatePersistence } from './file-state-persistence.ts';
import { postgresStatePersistence } from './postgres/postgres-state-persistence.ts';
import { StateStore } from './state-store.ts';

export function openStateStore(config: RuntimeConfig, installedDirectusVersion: string, log: (message: string) => void): StateStore {
	const persistence = config.RUNTIME_STATE_PG_URL
		? postgresStatePersistence({ url: config.RUNTIME_STATE_PG_URL, secrets: acceptedSecrets(config), dataDir: config.dataDir, log })
		: fileStatePersistence(config.dataDir);
	return new StateStore(persistence, installedDirectusVersion);
}
