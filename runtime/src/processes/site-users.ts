/**
 * One unprivileged uid per site, for the process driver when the runtime runs as root (as it must
 * for checkpoints). A site's Directus is administered by the customer, who can make it read any
 * file its user can: as root, or as the runtime's user, that is every site's KEY and SECRET in
 * state.json, every other site's database and the platform's secrets. As its own uid, a site can
 * read and write its own folder and nothing else of the platform's:
 *  - its folder is given to its uid (mode 0700) before every start, since the runtime (root)
 *    writes into it between starts (a restore, an upgrade's migrations);
 *  - the folders above the instances are opened for traversal only (o+x, never o+r), and
 *    everything else in them is closed to other users, so a site reaches its own folder by name and
 *    nothing beside it (see openPathToSites).
 * The uid is stored in the site's record, so it keeps it across restarts, checkpoints and the
 * warm pool's hand-over. The gid equals the uid: sites share no group.
 */
import { chmodSync, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceStore } from '../state/instance-store.ts';
import { handFolderTo } from '../site-files/folder-owner.ts';
import { processesOfUser } from './process-table.ts';

export interface SiteUser {
	uid: number;
	gid: number;
}

/** How many uids sites may take from SITE_UID_BASE on: far more sites than one machine holds. */
export const SITE_UID_RANGE = 60_000;

const OTHERS_READ = 0o004;
const OTHERS_TRAVERSE = 0o001;

export class SiteUsers {
	readonly #store: Pick<InstanceStore, 'all' | 'get' | 'assignSiteUid'>;
	readonly #base: number;

	constructor(store: Pick<InstanceStore, 'all' | 'get' | 'assignSiteUid'>, base: number) {
		this.#store = store;
		this.#base = base;
	}

	/** The site's uid (given on its first start), with its folder made its own. */
	prepare(record: Pick<InstanceRecord, 'id' | 'dir'>): SiteUser {
		const uid = this.#store.get(record.id)?.siteUid ?? this.#allocate(record.id);
		handFolderTo(record.dir, uid);
		chmodSync(record.dir, 0o700);
		return { uid, gid: uid };
	}

	#allocate(id: string): number {
		const taken = new Set(this.#store.all().flatMap((record) => (record.siteUid === undefined ? [] : [record.siteUid])));
		for (let uid = this.#base; uid < this.#base + SITE_UID_RANGE; uid++) {
			// A uid still running something (a deleted site's straggler) is not handed on.
			if (!taken.has(uid) && processesOfUser(uid).length === 0) {
				this.#store.assignSiteUid(id, uid);
				return uid;
			}
		}
		throw new Error(`every site uid from ${this.#base} to ${this.#base + SITE_UID_RANGE - 1} is taken`);
	}
}

/**
 * Lets site uids walk down to `instancesDir` (o+x on it and on each folder above that others cannot
 * list) and closes everything else in those folders to other users: a folder opened for traversal
 * would otherwise expose any file in it whose name is known (state.json, secrets.json, the control
 * plane's database). The walk up stops at the first folder others could already list, which is
 * public anyway (a checkout under /work, /tmp). Runs at every start, so files made while the
 * runtime was down are closed too.
 */
export function openPathToSites(instancesDir: string): void {
	chmodSync(instancesDir, 0o711);
	let child = instancesDir;
	let folder = path.dirname(instancesDir);
	while (folder !== child) {
		const mode = statSync(folder).mode & 0o7777;
		if (mode & OTHERS_READ) return;
		for (const entry of readdirSync(folder)) {
			const full = path.join(folder, entry);
			if (full === child) continue;
			const entryMode = lstatSync(full);
			if (!entryMode.isSymbolicLink()) chmodSync(full, entryMode.mode & 0o7700);
		}
		chmodSync(folder, (mode & 0o7770) | OTHERS_TRAVERSE);
		child = folder;
		folder = path.dirname(folder);
	}
}

/** Whether a site uid could run `file`: every folder above it lets others through and the file lets them read it. */
export function readableByOthers(file: string): boolean {
	if (!(statSync(file).mode & OTHERS_READ)) return false;
	for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
		if (!(statSync(folder).mode & OTHERS_TRAVERSE)) return false;
		if (folder === path.dirname(folder)) return true;
	}
}
