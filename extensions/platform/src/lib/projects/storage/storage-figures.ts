/**
 * A site's storage as the runtime reports it (`GET /instances/{id}`), in the figures the owner and
 * staff read. The used bytes are the runtime's own measure, the one its router checks uploads
 * against (runtime/src/router/storage-quota.ts): uploads, database and log. The quota is the one
 * the runtime holds for the site (its plan's `storageQuotaMb`, sent with each ensure and plan
 * change), so what is shown is what is enforced. Pure: nothing is read or written here.
 */
import type { ProjectStorage } from '@epic/platform-api';
import type { InstanceStatus } from '../../runtime-driver/runtime-driver.ts';

const MIB = 1024 * 1024;

/** The site's quota in bytes; null when its plan sets none. */
export function quotaBytesOf(status: InstanceStatus): number | null {
	const mb = status.resources?.storageQuotaMb;
	return mb === undefined ? null : mb * MIB;
}

/**
 * Null when the answer carries no measurement (only single-instance reads do). `full` follows the
 * router: it refuses every upload once what is stored reaches the quota.
 */
export function storageOf(status: InstanceStatus): Extract<ProjectStorage, { available: true }> | null {
	if (status.diskBytes === undefined) return null;
	const quota = quotaBytesOf(status);
	return { available: true, used_bytes: status.diskBytes, quota_bytes: quota, full: quota !== null && status.diskBytes >= quota };
}

/** Bytes in MiB with one decimal, as Studio shows them beside the plan's `site_storage_quota_mb`. */
export const toMb = (bytes: number): number => Math.round((bytes / MIB) * 10) / 10;
