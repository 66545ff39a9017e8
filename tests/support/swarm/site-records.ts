/**
 * A swarm runtime's instance records, read where it keeps them: the state database
 * (RUNTIME_STATE_PG_URL), as a runtime on another manager would read them.
 */
import { serviceName } from '../../../runtime/src/swarm/swarm-service-arguments.ts';
import type { InstanceRecord } from '../../../runtime/src/state/instance-record.ts';
import { STATE_TABLE } from '../../../runtime/src/state/postgres/state-table.ts';
import { withAdminClient } from '../postgres.ts';
import type { TestRuntime } from '../test-runtime.ts';

/** A project's record less its credentials (which only the runtime's secret opens). */
export async function recordInStateDatabase(runtime: TestRuntime, projectId: string): Promise<Omit<InstanceRecord, 'key' | 'secret'>> {
	const url = runtime.options.env?.['RUNTIME_STATE_PG_URL'];
	if (!url) throw new Error('This runtime keeps its records in its data folder, not in a state database');
	const { rows } = await withAdminClient(url, (client) =>
		client.query<{ record: Omit<InstanceRecord, 'key' | 'secret'> }>(`select record from ${STATE_TABLE} where id = $1`, [projectId]),
	);
	if (!rows[0]) throw new Error(`No record for ${projectId} in the state database`);
	return rows[0].record;
}

/** The Swarm service of a project's site (named after the folder the runtime gave it). */
export async function siteServiceName(runtime: TestRuntime, projectId: string): Promise<string> {
	return serviceName((await recordInStateDatabase(runtime, projectId)).dir);
}
