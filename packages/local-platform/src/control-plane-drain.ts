/**
 * Draining a control-plane replica before it stops (DRAIN_SECONDS, docs/operations.md, Replicas):
 * the launcher writes a file its Directus is told of (PLATFORM_DRAIN_FILE); while the file exists
 * the bundle's `/platform-ready` answers 503, so the proxy in front sends new requests to the other
 * replicas. After the drain time the launcher stops Directus, which finishes the requests it has.
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** This launcher's drain file, absent (a leftover of an earlier run removed) until it drains. */
export function freshDrainFile(): string {
	const file = path.join(os.tmpdir(), `epic-control-plane-draining-${process.pid}`);
	rmSync(file, { force: true });
	return file;
}

export async function drainBeforeStop(
	file: string,
	seconds: number,
	sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
	if (seconds <= 0) return;
	writeFileSync(file, '');
	await sleep(seconds * 1000);
}

/** Where a replica that chose its port from CONTROL_PLANE_PORTS writes it, for the image's health check. */
export const LISTEN_PORT_FILE = path.join(os.tmpdir(), 'epic-control-plane-port');

export function recordListenPort(port: number): void {
	writeFileSync(LISTEN_PORT_FILE, String(port));
}
