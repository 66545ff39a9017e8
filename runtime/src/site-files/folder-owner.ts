/**
 * A site (in a container, or a process with its own uid) runs as an unprivileged user, while the
 * runtime (root) writes the site's folder too: clones, restores and upgrades. Before every start
 * the folder is handed back to the site's user. Only entries with another owner are changed, so a
 * start after the first touches almost nothing. lchown and lstat: a link the site planted is given
 * away itself, its target never, and a linked folder is never entered.
 */
import { lchownSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function handFolderTo(dir: string, uid: number): void {
	// A runtime that is not root cannot give files away; its sites then run as its own user.
	if (process.getuid?.() !== 0) return;
	const visit = (entry: string) => {
		const stats = lstatSync(entry);
		if (stats.uid !== uid || stats.gid !== uid) lchownSync(entry, uid, uid);
		if (stats.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
	};
	visit(dir);
}
