import { describe, expect, it } from 'vitest';
import type { InstanceStatus } from '../../runtime-driver/runtime-driver.ts';
import { quotaBytesOf, storageOf, toMb } from './storage-figures.ts';

const MIB = 1024 * 1024;

/** A runtime answer for one instance, with only what storage reads varying. */
function status(diskBytes: number | undefined, storageQuotaMb?: number): InstanceStatus {
	return {
		projectId: '11111111-1111-4111-8111-111111111111',
		state: 'running',
		subdomain: 'site',
		domains: [],
		corsOrigins: [],
		port: 4100,
		pid: 1234,
		publicUrl: 'https://site.example.com',
		createdAt: '2026-03-15T10:00:00.000Z',
		lastRequestAt: null,
		memoryBytes: null,
		restarts: 0,
		lastError: null,
		directusVersion: '12.4.0',
		upgradeFailure: null,
		...(diskBytes === undefined ? {} : { diskBytes }),
		...(storageQuotaMb === undefined ? {} : { resources: { storageQuotaMb } }),
	};
}

describe('storage figures', () => {
	it('reads the quota the runtime holds for the site, in bytes, and none when its plan sets none', () => {
		expect(quotaBytesOf(status(0, 5120))).toBe(5120 * MIB);
		expect(quotaBytesOf(status(0))).toBeNull();
	});

	it('is full exactly when what is stored reaches the quota, as the router refuses uploads', () => {
		expect(storageOf(status(MIB - 1, 1))).toEqual({ available: true, used_bytes: MIB - 1, quota_bytes: MIB, full: false });
		expect(storageOf(status(MIB, 1))).toEqual({ available: true, used_bytes: MIB, quota_bytes: MIB, full: true });
		expect(storageOf(status(3 * MIB, 1))?.full).toBe(true);
	});

	it('is never full without a quota, and has no figures without a measurement', () => {
		expect(storageOf(status(50 * MIB))).toEqual({ available: true, used_bytes: 50 * MIB, quota_bytes: null, full: false });
		expect(storageOf(status(undefined, 1))).toBeNull();
	});

	it('gives MiB with one decimal for Studio', () => {
		expect(toMb(0)).toBe(0);
		expect(toMb(1.25 * MIB)).toBe(1.3);
		expect(toMb(5120 * MIB)).toBe(5120);
	});
});
