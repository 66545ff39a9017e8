/** Absolute paths inside the repository, independent of the caller's working directory. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function repoPath(...segments: string[]): string {
	return path.join(REPO_ROOT, ...segments);
}
