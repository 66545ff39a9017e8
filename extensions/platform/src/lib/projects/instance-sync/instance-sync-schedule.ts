/** `INSTANCE_SYNC_SCHEDULE`: how often Studio's copy of the runtime's figures is refreshed (default every 30 s). */
import { z } from 'zod';
import { cronSetting, parseEnvConfig } from '../../env-config.ts';

export const DEFAULT_INSTANCE_SYNC_SCHEDULE = '*/30 * * * * *';

const InstanceSyncEnv = z.object({
	INSTANCE_SYNC_SCHEDULE: cronSetting(DEFAULT_INSTANCE_SYNC_SCHEDULE),
});

export function instanceSyncSchedule(env: Record<string, unknown>): string {
	return parseEnvConfig(InstanceSyncEnv, env, 'instance sync').INSTANCE_SYNC_SCHEDULE;
}
