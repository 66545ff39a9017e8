/**
 * Writes a JSON file atomically (temporary file, then rename): a kill at any instant leaves the old
 * content or the new, never half of one. Synchronous: these files are small and written rarely.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';

export interface AtomicJsonOptions {
	/** File mode of the new file; 0600 for anything holding a secret. */
	mode?: number;
	indent?: string | number;
}

export function writeJsonAtomic(file: string, value: unknown, options: AtomicJsonOptions = {}): void {
	const temporary = `${file}.${process.pid}.tmp`;
	try {
		writeFileSync(temporary, JSON.stringify(value, null, options.indent), { mode: options.mode ?? 0o644 });
		renameSync(temporary, file);
	} catch (error) {
		rmSync(temporary, { force: true });
		throw error;
	}
}
