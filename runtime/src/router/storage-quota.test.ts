import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { InstanceRecord } from '../state/instance-record.ts';
import { isUpload, StorageQuota } from './storage-quota.ts';

const MB = 1024 * 1024;
const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;

describe('isUpload', () => {
	it('is any write under /files, however the path is spelled', () => {
		for (const url of ['/files', '/files/', '/files/import', '/files/tus/abc', '/FILES', '//files', '/%66iles/x', '/files?x=1']) {
			expect(isUpload(request('POST', url)), url).toBe(true);
		}
		expect(isUpload(request('PATCH', '/files/123'))).toBe(true);
		expect(isUpload(request('GET', '/files'))).toBe(false);
		expect(isUpload(request('POST', '/items/files'))).toBe(false);
		expect(isUpload(request('POST', '/filesystem'))).toBe(false);
	});
});

describe('StorageQuota', () => {
	it("uses the site's plan quota, else the default, and refuses what would pass it", async () => {
		let used = 5 * MB;
		let measured = 0;
		let now = 0;
		const quota = new StorageQuota({ defaultQuotaMb: 0, measure: async () => (measured++, used), now: () => now });
		const withPlan = { id: 'p-1', resources: { storageQuotaMb: 6 } } as InstanceRecord;
		expect(await quota.check({ id: 'p-2' } as InstanceRecord, 100 * MB)).toMatchObject({ allowed: true, quotaBytes: null });
		expect(await quota.check(withPlan, MB / 2)).toEqual({ allowed: true, usedBytes: 5 * MB, quotaBytes: 6 * MB });
		expect(await quota.check(withPlan, 2 * MB)).toMatchObject({ allowed: false });
		expect(measured).toBe(1);

		// Measured again after an upload, or once the last measure is old.
		used = 6 * MB;
		quota.forget('p-1');
		expect(await quota.check(withPlan, 0)).toMatchObject({ allowed: false, usedBytes: 6 * MB });
		used = MB;
		now += 10_000;
		expect(await quota.check(withPlan, 0)).toMatchObject({ allowed: true, usedBytes: MB });
		expect(measured).toBe(3);
	});
});
