/**
 * A failed set-up of the checkpoint tools, remembered in their cache folder for a day: on a machine
 * that cannot have CRIU, every `npm start` and test run would otherwise spend a minute of apt-get and
 * make failing the same way. Deleting the file tries again at once.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const FAILURE_MEMORY_MS = 24 * 3600 * 1000;

export const failureFile = (cacheDir: string) => path.join(cacheDir, 'unavailable.json');

/** The remembered reason, with when and how to retry, or null when none is younger than a day. */
export function rememberedFailure(cacheDir: string, now: number): string | null {
	const file = failureFile(cacheDir);
	if (!existsSync(file)) return null;
	try {
		const { reason, at } = JSON.parse(readFileSync(file, 'utf8')) as { reason: unknown; at: unknown };
		if (typeof reason !== 'string' || typeof at !== 'number' || now - at >= FAILURE_MEMORY_MS || now < at) return null;
		return `${reason} (remembered from ${new Date(at).toISOString()}; delete ${file} to try again)`;
	} catch {
		return null;
	}
}

export function rememberFailure(cacheDir: string, reason: string, now: number): void {
	writeFileSync(failureFile(cacheDir), JSON.stringify({ reason, at: now }));
}
