/**
 * The site gate's entry: `node runtime/site-gate.ts`, on the platform node beside the runtime
 * (docs/swarm.md, The sites' gate beside the runtime). The swarm sites' S3 gate and task gate as
 * the runtime runs them, on the same address and port, each taking a share of the connections: so
 * while the runtime is away (replaced, crashed), awake sites still reach their files in the bucket,
 * and a task Swarm starts (its node lost, say) still gets its database password. Reads the
 * runtime's environment (site-gate-config.ts), then wires the records, the role grants and the
 * gate; SIGINT/SIGTERM close it.
 */
import knex from 'knex';
import { stateRowsFrom } from './src/node-router/state-records-reader.ts';
import { grantTaskRolePassword } from './src/storage/site-roles.ts';
import { startSiteS3Gate } from './src/swarm/site-s3-gate.ts';
import { storageFromRecords } from './src/swarm/site-gate/records-storage-lookup.ts';
import { loadSiteGateConfig, SiteGateConfigError } from './src/swarm/site-gate/site-gate-config.ts';
import { checkSwarmManager } from './src/swarm/swarm-manager-check.ts';

const log = (message: string) => console.log(`[site-gate] ${message}`);

let config;
try {
	config = loadSiteGateConfig(process.env);
} catch (error) {
	if (!(error instanceof SiteGateConfigError)) throw error;
	console.error(error.message);
	process.exit(1);
}

// Whether a task asking for its password is one Swarm wants running is a manager's to say.
log(await checkSwarmManager(undefined, { setting: 'the site gate', process: 'it' }));
const rows = stateRowsFrom(config.statePgUrl);
const admin = knex({ client: 'pg', connection: config.adminPgUrl, pool: { min: 0, max: 2 } });
const { RUNTIME_SECRET } = config.secrets;
const gate = await startSiteS3Gate(
	config.secrets,
	config.storage,
	storageFromRecords(rows),
	(storage, taskId) => {
		if (storage.client !== 'pg') throw new Error('not a PostgreSQL instance');
		return grantTaskRolePassword(admin, RUNTIME_SECRET, storage.database, taskId);
	},
	log,
);
log(`site gate on ${config.storage.gate.host}:${gate.port}, beside the runtime's: the sites' uploads through the S3 gate, and each task's database password`);

function close(): void {
	void gate
		.close()
		.then(() => Promise.allSettled([rows.close(), admin.destroy()]))
		.finally(() => process.exit(0));
}
process.on('SIGTERM', close);
process.on('SIGINT', close);
