/**
 * The memory a site container uses, as `docker stats` counts it: its memory cgroup's usage less
 * the inactive file cache (which the kernel reclaims first). The container is found by the id
 * `docker run --cidfile` wrote, kept in the runtime's own folder, never in the site's, where the
 * tenant could point it elsewhere. Synchronous reads of a few small files, so a status stays cheap.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const CONTAINER_ID = /^[0-9a-f]{64}$/;

/** The cgroup v1 (cgroupfs driver) and v2 (cgroupfs or systemd driver) folders of a container. */
function cgroupCandidates(id: string): Array<{ usage: string; stat: string; inactiveField: string }> {
	return [
		{ usage: `/sys/fs/cgroup/memory/docker/${id}/memory.usage_in_bytes`, stat: `/sys/fs/cgroup/memory/docker/${id}/memory.stat`, inactiveField: 'total_inactive_file' },
		{ usage: `/sys/fs/cgroup/docker/${id}/memory.current`, stat: `/sys/fs/cgroup/docker/${id}/memory.stat`, inactiveField: 'inactive_file' },
		{ usage: `/sys/fs/cgroup/system.slice/docker-${id}.scope/memory.current`, stat: `/sys/fs/cgroup/system.slice/docker-${id}.scope/memory.stat`, inactiveField: 'inactive_file' },
	];
}

export function cidFile(cidDir: string, containerName: string): string {
	return path.join(cidDir, `${containerName}.cid`);
}

/** The id files in `cidDir`; none while it does not exist yet. */
function cidFiles(cidDir: string): string[] {
	try {
		return readdirSync(cidDir).filter((file) => file.endsWith('.cid'));
	} catch {
		return [];
	}
}

/** `docker run --cidfile` refuses an existing file: a site's older ones go before each start. */
export function removeSiteCidFiles(cidDir: string, siteDirName: string): void {
	for (const file of cidFiles(cidDir)) if (file.startsWith(`epic-site-${siteDirName}-`)) rmSync(path.join(cidDir, file), { force: true });
}

/** Ids of containers whose site folder is gone (deleted while this runtime was down, say). */
export function removeOrphanCidFiles(cidDir: string, instancesDir: string): void {
	for (const file of cidFiles(cidDir)) {
		const site = /^epic-site-(.+)-\d+\.cid$/.exec(file)?.[1];
		if (site && !existsSync(path.join(instancesDir, site))) rmSync(path.join(cidDir, file), { force: true });
	}
}

export function containerMemoryBytes(cidPath: string): number | null {
	let id: string;
	try {
		id = readFileSync(cidPath, 'utf8').trim();
	} catch {
		return null;
	}
	if (!CONTAINER_ID.test(id)) return null;
	for (const candidate of cgroupCandidates(id)) {
		try {
			const usage = Number(readFileSync(candidate.usage, 'utf8').trim());
			const inactive = Number(new RegExp(`^${candidate.inactiveField} (\\d+)$`, 'm').exec(readFileSync(candidate.stat, 'utf8'))?.[1] ?? 0);
			return Math.max(0, usage - inactive);
		} catch {
			// not this cgroup layout
		}
	}
	return null;
}
