/** The machine a benchmark ran on, with its load before and after, for its JSON report. */
import os from 'node:os';
import { round } from './statistics.ts';

export function machineReport(loadBefore: number[]) {
	return {
		cpus: os.cpus().length,
		memory_gib: round(os.totalmem() / 1024 ** 3),
		node: process.version,
		kernel: os.release(),
		load_average_1m_before: round(loadBefore[0]!),
		load_average_1m_after: round(os.loadavg()[0]!),
	};
}
