/**
 * Absolute paths inside the repository, independent of the caller's working directory. For the
 * launcher, tests and benchmarks, which run from a checkout; the runtime never uses them, so it
 * runs from any install of its workspace.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function repoPath(...segments: string[]): string {
	return path.join(REPO_ROOT, ...segments);
}
