import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe } from 'vitest';
import { fileStatePersistence, stateFilePath } from './file-state-persistence.ts';
import type { RuntimeState } from './instance-record.ts';
import { instanceStoreContract } from './instance-store.contract.ts';
import { StateStore } from './state-store.ts';

describe('StateStore on the state file', () => {
	let dataDir: string;
	instanceStoreContract({
		name: 'the state file',
		open: async () => {
			dataDir = mkdtempSync(path.join(os.tmpdir(), 'state-store-'));
			return new StateStore(fileStatePersistence(dataDir), '12.4.0');
		},
		persisted: async (id) => (JSON.parse(readFileSync(stateFilePath(dataDir), 'utf8')) as RuntimeState).instances[id],
		cleanUp: async (store) => {
			store.close();
			rmSync(dataDir, { recursive: true, force: true });
		},
	});
});
