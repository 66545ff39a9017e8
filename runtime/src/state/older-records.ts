/**
 * State files written before the runtime recorded Directus versions: their records get the fields
 * upgrades need, once, when the state is read. A record without a version is taken to be at the
 * installed one rather than upgraded: the platform has only ever shipped Directus 12.4.0, the
 * version this field came with, so those sites were cloned from a template of the version that is
 * installed now, and upgrading each (a backup and a restart per site) would change nothing. A
 * deployment that skipped this field and a Directus change at once would need staff to upgrade its
 * sites (docs/operations.md, Upgrades).
 */
import type { InstanceRecord, RuntimeState } from './instance-record.ts';

/** Fills the missing fields in place; true when any record changed (the caller saves the state). */
export function completeOlderRecords(state: RuntimeState, installedVersion: string): boolean {
	let changed = false;
	for (const [id, stored] of Object.entries(state.instances)) {
		const record = stored as Partial<InstanceRecord> & InstanceRecord;
		if (record.directusVersion !== undefined && record.upgradeFailure !== undefined && record.rollbackBackupId !== undefined) continue;
		state.instances[id] = {
			...record,
			directusVersion: record.directusVersion ?? installedVersion,
			upgradeFailure: record.upgradeFailure ?? null,
			rollbackBackupId: record.rollbackBackupId ?? null,
		};
		changed = true;
	}
	return changed;
}
