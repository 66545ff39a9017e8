/**
 * Whether sites can be checkpointed on this machine, decided once at start-up and reported in the
 * status API and the start-up log. Checkpoints need root, a CRIU that passes `criu check` and the
 * site launcher (both named by the environment: `npm start` and `npm test` build them, see
 * packages/local-platform/src/checkpoint-tools.ts). Without them sites still sleep: paused, then
 * stopped.
 */
import { accessSync, constants } from 'node:fs';
import type { CheckpointSupport } from '@epic/runtime-contract';
import { criuCheck, criuVersion } from './criu.ts';

export interface CheckpointPaths {
	CRIU_PATH?: string | undefined;
	SITE_LAUNCHER_PATH?: string | undefined;
}

function executable(file: string): boolean {
	try {
		accessSync(file, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}

export async function detectCheckpointSupport(paths: CheckpointPaths): Promise<CheckpointSupport> {
	const unavailable = (reason: string): CheckpointSupport => ({ available: false, reason, criuVersion: null });
	if (process.platform !== 'linux') return unavailable('checkpoints need Linux');
	if (!paths.CRIU_PATH) return unavailable('CRIU_PATH is not set');
	if (!paths.SITE_LAUNCHER_PATH) return unavailable('SITE_LAUNCHER_PATH is not set');
	if (!executable(paths.CRIU_PATH)) return unavailable(`${paths.CRIU_PATH} is not an executable`);
	if (!executable(paths.SITE_LAUNCHER_PATH)) return unavailable(`${paths.SITE_LAUNCHER_PATH} is not an executable`);
	if (process.getuid?.() !== 0) return unavailable('checkpoints need the runtime to run as root');
	const failure = await criuCheck(paths.CRIU_PATH);
	if (failure) return unavailable(`criu check failed: ${failure}`);
	return { available: true, reason: null, criuVersion: await criuVersion(paths.CRIU_PATH) };
}

/** The start-up log's line about the sleep tiers; `pausing`: PAUSED_MEMORY_LIMIT_MB above 0. */
export function describeSleepTiers(support: CheckpointSupport, pausing: boolean): string {
	const tiers = [...(pausing ? ['paused'] : []), ...(support.available ? [`checkpointed (CRIU ${support.criuVersion})`] : []), 'stopped'];
	const missing = [...(pausing ? [] : ['no pausing: PAUSED_MEMORY_LIMIT_MB is 0']), ...(support.available ? [] : [`no checkpoints: ${support.reason}`])];
	return `sleep tiers: ${tiers.join(', ')}${missing.length ? ` (${missing.join('; ')})` : ''}`;
}
