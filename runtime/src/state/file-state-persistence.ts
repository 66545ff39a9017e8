/**
 * The runtime's state file, `state.json` in its data folder. Written synchronously and atomically
 * (temporary file, then rename): a kill at any instant leaves either the old or the new state,
 * never half of one. Writes are small and rare (life-cycle changes), so blocking for a millisecond
 * is the simple, safe choice.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from '@epic/node-support/atomic-json';
import type { RuntimeState } from './instance-record.ts';
import type { StatePersistence } from './state-persistence.ts';

export function stateFilePath(dataDir: string): string {
	return path.join(dataDir, 'state.json');
}

export function readStateFile(file: string): RuntimeState {
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RuntimeState) : { version: 1, instances: {} };
}

export function fileStatePersistence(dataDir: string): StatePersistence {
	mkdirSync(dataDir, { recursive: true });
	const file = stateFilePath(dataDir);
	return {
		load: () => readStateFile(file),
		save: (state) => writeJsonAtomic(file, state, { mode: 0o600, indent: '\t' }),
		close: () => {},
	};
}
