/** A project's record, or INSTANCE_NOT_FOUND: pool members and missing ids are no project's. */
import { instanceNotFound } from '../errors.ts';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader } from '../state/instance-store.ts';

export function projectRecord(store: Pick<InstanceReader, 'get'>, id: string): InstanceRecord {
	const record = store.get(id);
	if (!record || record.kind !== 'project') throw instanceNotFound(id);
	return record;
}
