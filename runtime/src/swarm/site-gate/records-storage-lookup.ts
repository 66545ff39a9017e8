/**
 * The site gate's answer to "which database is this site's": read from the runtime's records in
 * the state database at each task's start, so a site created a moment ago is found, and one
 * deleted is not. A task starts rarely; one read of the records each time costs a query.
 */
import type { ReadStateRows } from '../../node-router/state-records-reader.ts';
import type { InstanceRecord } from '../../state/instance-record.ts';
import { siteStorageIn, type SiteStorageOf } from '../site-s3-gate.ts';

export function storageFromRecords(read: ReadStateRows): SiteStorageOf {
	return async (instanceId) => {
		const records = (await read()).map((row) => row.record as unknown as Pick<InstanceRecord, 'dir' | 'storage'>);
		return siteStorageIn(records, instanceId);
	};
}
