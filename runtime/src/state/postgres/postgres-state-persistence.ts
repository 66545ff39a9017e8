/**
 * The instance records in a PostgreSQL table (RUNTIME_STATE_PG_URL) instead of the state file, so
 * that they outlive the machine the runtime runs on: a runtime started on another manager of the
 * swarm reads the same records and adopts the same sites. Each change is one transaction, committed
 * before the store's method returns (state-database-worker.ts), as the state file's rename is.
 *
 * The first start on an empty table takes the records of the data folder's state file, if there
 * is one, and renames the file so that nothing reads it again. A start during a rotation
 * (RUNTIME_SECRET_PREVIOUS) seals the rows sealed under the previous secret again under the
 * current one, in one transaction, before anything else is written.
 */
import { existsSync, renameSync } from 'node:fs';
import { createSyncFn } from 'synckit';
import { readStateFile, stateFilePath } from '../file-state-persistence.ts';
import type { InstanceRecord, RuntimeState } from '../instance-record.ts';
import type { RecordChange, StatePersistence } from '../state-persistence.ts';
import { CredentialsSeal } from './sealed-credentials.ts';
import type { StateDatabaseAnswer, StateDatabaseCommand } from './state-database-worker.ts';
import type { AcceptedSecrets } from '../../secrets/accepted-secrets.ts';
import type { StoredRecordRow } from './state-table.ts';

/** A command the database has not answered by then fails, as a full disk fails a file write. */
const COMMAND_TIMEOUT_MS = 15_000;

type RunCommand = (command: StateDatabaseCommand) => StateDatabaseAnswer;
let worker: RunCommand | null = null;

/** The worker starts with the first store on PostgreSQL: a runtime on the state file has none. */
function runCommand(command: StateDatabaseCommand): StateDatabaseAnswer {
	worker ??= createSyncFn(new URL('./state-database-worker.ts', import.meta.url).pathname, {
		timeout: COMMAND_TIMEOUT_MS,
		// synckit adds Node 22's type transform for a TypeScript worker, which warns at each start.
		execArgv: ['--disable-warning=ExperimentalWarning'],
	}) as RunCommand;
	return worker(command);
}

export interface PostgresStateOptions {
	url: string;
	/** RUNTIME_SECRET, then RUNTIME_SECRET_PREVIOUS during a rotation. */
	secrets: AcceptedSecrets;
	/** Where a state file of an earlier runtime may be, to be taken once into an empty table. */
	dataDir: string;
	log: (message: string) => void;
}

function toRow(seal: CredentialsSeal, record: InstanceRecord): StoredRecordRow {
	const { key, secret, ...rest } = record;
	return { id: record.id, record: rest, sealed_credentials: seal.seal(record.id, { key, secret }) };
}

function fromRow(seal: CredentialsSeal, row: StoredRecordRow): { record: InstanceRecord; underPreviousSecret: boolean } {
	const { credentials, underPreviousSecret } = seal.open(row.id, row.sealed_credentials);
	return { record: { ...(row.record as Omit<InstanceRecord, 'key' | 'secret'>), ...credentials }, underPreviousSecret };
}

export function postgresStatePersistence(options: PostgresStateOptions): StatePersistence {
	const seal = new CredentialsSeal(options.secrets);
	let handle: number | null = null;
	const save = (changes: RecordChange[]) => {
		if (handle === null) throw new Error('the state database is closed');
		runCommand({
			kind: 'save',
			handle,
			written: changes.flatMap((change) => (change.record ? [toRow(seal, change.record)] : [])),
			removed: changes.filter((change) => !change.record).map((change) => change.id),
		});
	};
	const loaded = (rows: StoredRecordRow[]): RuntimeState => {
		const opened = rows.map((row) => fromRow(seal, row));
		const state: RuntimeState = { version: 1, instances: Object.fromEntries(opened.map(({ record }) => [record.id, record])) };
		const resealed = opened.filter((entry) => entry.underPreviousSecret).map(({ record }) => ({ id: record.id, record }));
		if (resealed.length > 0) {
			save(resealed);
			options.log(`the credentials of ${resealed.length} instance records were sealed under RUNTIME_SECRET_PREVIOUS and are now sealed under RUNTIME_SECRET`);
		}
		const file = stateFilePath(options.dataDir);
		if (rows.length > 0 || !existsSync(file)) return state;
		const earlier = readStateFile(file);
		const records = Object.values(earlier.instances);
		save(records.map((record) => ({ id: record.id, record })));
		renameSync(file, `${file}.moved-to-postgresql`);
		options.log(`the ${records.length} instance records of ${file} are now in the state database; the file is kept as ${file}.moved-to-postgresql`);
		return earlier;
	};
	return {
		load(): RuntimeState {
			const opened = runCommand({ kind: 'open', url: options.url }) as { handle: number; rows: StoredRecordRow[] };
			handle = opened.handle;
			try {
				return loaded(opened.rows);
			} catch (error) {
				// A store that cannot open its records must not keep the claim on them.
				this.close();
				throw error;
			}
		},
		save: (_state, changes) => save(changes),
		close() {
			if (handle === null) return;
			runCommand({ kind: 'close', handle });
			handle = null;
		},
	};
}
