/** A ready project record for unit tests, in `dir`; `changes` sets what a test cares about. */
import path from 'node:path';
import type { InstanceRecord } from './instance-record.ts';

export function projectRecordFixture(id: string, dir: string, changes: Partial<InstanceRecord> = {}): InstanceRecord {
	return {
		id,
		kind: 'project',
		phase: 'ready',
		desired: 'running',
		asleep: false,
		subdomain: id,
		domains: [],
		dir,
		storage: { client: 'sqlite3', file: path.join(dir, 'data.db') },
		port: 0,
		pid: null,
		key: 'key',
		secret: 'secret',
		startedWithUrl: null,
		createdAt: new Date().toISOString(),
		lastRequestAt: null,
		directusVersion: '12.4.0',
		upgradeFailure: null,
		rollbackBackupId: null,
		...changes,
	};
}
