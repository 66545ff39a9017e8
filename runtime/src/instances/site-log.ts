/**
 * A site's log as its owner may read it (GET /instances/:id/logs): whole lines from where the
 * reader left off, or the log's end, with the site's KEY and SECRET and anything that looks like a
 * credential masked (site-files/log-masking.ts).
 */
import type { SiteLogChunk } from '@epic/runtime-contract';
import { instanceLogFile } from '../processes/instance-process.ts';
import { maskLogLine } from '../site-files/log-masking.ts';
import { readLogChunk } from '../site-files/log-reader.ts';
import type { InstanceRecord } from '../state/instance-record.ts';

/** At most this much of the log per read: the last 64 KiB on opening, then what was appended. */
export const SITE_LOG_CHUNK_BYTES = 64 * 1024;

export function siteLogChunk(record: Pick<InstanceRecord, 'dir' | 'key' | 'secret'>, after: number | null): SiteLogChunk {
	const chunk = readLogChunk(instanceLogFile(record.dir), after, SITE_LOG_CHUNK_BYTES);
	return { lines: chunk.lines.map((line) => maskLogLine(line, [record.key, record.secret])), offset: chunk.offset };
}
