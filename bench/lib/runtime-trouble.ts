/**
 * Trouble a benchmark run may have hidden: lines of a runtime's own output and of its instances'
 * Directus logs that look like failures or warnings, gathered before the runtime is destroyed so the
 * report can show whether its figures came from a healthy run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestRuntime } from '../../tests/support/test-runtime.ts';

/** Lines of the runtime's own output and of its instances' Directus logs that look like trouble. */
export function troubleIn(rt: TestRuntime) {
	const pattern = /fail|error|crash|could not|unavailable|warn/i;
	const runtime = rt
		.output()
		.split('\n')
		.filter((line) => pattern.test(line));
	const instances: string[] = [];
	const instancesDir = path.join(rt.dataDir, 'instances');
	let folders: string[] = [];
	try {
		folders = readdirSync(instancesDir);
	} catch {
		// no instance folder left
	}
	for (const folder of folders) {
		try {
			const lines = readFileSync(path.join(instancesDir, folder, 'directus.log'), 'utf8')
				.split('\n')
				.filter(Boolean);
			instances.push(...lines.map((line) => `${folder.slice(0, 8)}: ${line.slice(0, 300)}`));
		} catch {
			// no log
		}
	}
	return { runtime_lines: runtime.slice(0, 20), runtime_count: runtime.length, instance_log_lines: instances.slice(0, 10), instance_log_count: instances.length };
}
