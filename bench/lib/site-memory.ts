/**
 * Memory of running sites as the kernel counts it: RSS, and PSS (shared pages split between the
 * processes mapping them, so the code every site shares is counted once across sites), read from
 * /proc/PID/smaps_rollup of the Directus process (under the site launcher, its child).
 */
import type { TestRuntime } from '../../tests/support/test-runtime.ts';
import { memoryOf, sitePid } from '../../runtime/src/processes/site-process.ts';
import { apiStatus } from './runtime-api.ts';
import { mean, mib, round } from './statistics.ts';

export interface SiteMemory {
	rss_mib: number;
	pss_mib: number;
}

export async function siteMemory(rt: TestRuntime, id: string): Promise<SiteMemory> {
	const status = await apiStatus(rt, id);
	if (status.state !== 'running' || !status.pid) throw new Error(`${id} is not running: ${JSON.stringify(status)}`);
	const memory = memoryOf(sitePid(status.pid));
	if (!memory) throw new Error(`no /proc/${sitePid(status.pid)}/smaps_rollup for ${id}`);
	return { rss_mib: mib(memory.rssBytes), pss_mib: mib(memory.pssBytes) };
}

export function memoryReport(values: SiteMemory[]) {
	const of = (pick: (value: SiteMemory) => number) => ({ mean: round(mean(values.map(pick))), max: Math.max(...values.map(pick)) });
	return { sites: values.length, rss_mib: of((value) => value.rss_mib), pss_mib: of((value) => value.pss_mib), per_site: values };
}
