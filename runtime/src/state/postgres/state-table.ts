/**
 * The table that holds the runtime's instance records in PostgreSQL, and the claim one runtime
 * holds on it. Each record is one row: the record less its credentials as JSON (readable by staff
 * with `psql`), and the credentials sealed (sealed-credentials.ts).
 */

export const STATE_TABLE = 'epic_runtime_instances';

export const CREATE_STATE_TABLE = `create table if not exists ${STATE_TABLE} (
	id text primary key,
	record jsonb not null,
	sealed_credentials text not null,
	updated_at timestamptz not null default now()
)`;

/**
 * Notified in each write's transaction, so at its commit: a router on another node reads the
 * records again at once rather than at its next poll.
 */
export const STATE_CHANGED_CHANNEL = 'epic_runtime_instances_changed';

/**
 * One runtime manages the sites whose records a database holds: two would each start, stop and
 * route the same sites. A session-level advisory lock is that claim: held while the runtime's
 * connection lives, let go by PostgreSQL when it ends, whichever way the runtime ends.
 */
export const STATE_CLAIM_SQL = `select pg_try_advisory_lock(hashtext('${STATE_TABLE}')) as claimed`;

/** A row as the worker reads and writes it. */
export interface StoredRecordRow {
	id: string;
	record: Record<string, unknown>;
	sealed_credentials: string;
}
