/**
 * Runs `directus database migrate:latest` on one site's database with the installed Directus:
 * Directus's own migrations and the platform's site migrations (MIGRATIONS_PATH in the site's
 * environment). The command gets the site's environment and nothing else: runDirectusCommand would
 * add the runtime's own environment, its shared secret with it. Its output is appended to the
 * site's log (`directus.log`), where the stack of a failed migration stays; the error names the
 * migration and its message, for staff.
 */
import { DIRECTUS_CLI, NODE_22 } from '@epic/node-support/directus';
import { CommandFailedError, runCommand } from '@epic/node-support/processes';
import type { RuntimeConfig } from '../config.ts';
import { instanceEnv } from '../instances/instance-env.ts';
import { publicUrlOf } from '../instances/process-supervisor.ts';
import { instanceLogFile } from '../processes/instance-process.ts';
import type { SiteUser } from '../processes/site-users.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceDatabases } from '../storage/instance-databases.ts';
import { appendNoFollow } from '../site-files/no-follow.ts';
import { migrationFailure } from './migration-output.ts';

/** A migration that runs longer is taken as hung: the upgrade fails and the site's backup goes back. */
const MIGRATE_TIMEOUT_MS = 15 * 60 * 1000;

export type MigrateSite = (record: InstanceRecord) => Promise<void>;

/** The migration's output goes to the site's log; a log that cannot be written loses only that. */
function appendToSiteLog(dir: string, text: string): void {
	try {
		appendNoFollow(instanceLogFile(dir), text);
	} catch {
		// Nothing to tell: the upgrade's own error says what failed.
	}
}

/** `userFor`: the site's own user where sites run as one; the migration then runs as it too, since the CLI loads the site's extensions. */
export function siteMigrator(config: RuntimeConfig, databases: InstanceDatabases, userFor?: (record: InstanceRecord) => SiteUser): MigrateSite {
	return async (record) => {
		const user = userFor?.(record);
		// The migration connects as the site, with the password its environment gives.
		await databases.resetSitePassword(record.storage);
		// Info level: Directus then logs each migration it applies, which names the one that fails.
		const env = { ...instanceEnv(config, databases, record, publicUrlOf(config, record)), LOG_LEVEL: 'info' };
		let output: string;
		try {
			output = await runCommand(NODE_22, [DIRECTUS_CLI, 'database', 'migrate:latest'], {
				label: 'directus database migrate:latest',
				cwd: record.dir,
				env,
				timeout: MIGRATE_TIMEOUT_MS,
				...(user ? { uid: user.uid, gid: user.gid } : {}),
			});
		} catch (error) {
			if (!(error instanceof CommandFailedError)) throw error;
			appendToSiteLog(record.dir, error.output);
			throw new Error(`directus database migrate:latest failed${error.exitCode === null ? ' (stopped after 15 minutes or by a signal)' : ''}: ${migrationFailure(error.output)}`, {
				cause: error,
			});
		}
		appendToSiteLog(record.dir, output);
	};
}
