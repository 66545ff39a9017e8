/**
 * One Directus process per instance. It is spawned detached, in its own process group, with its
 * output going to a log file in its folder, so it keeps serving when the runtime itself dies and
 * can be adopted by the next runtime. Its environment is built from scratch: nothing of the
 * runtime's own environment (its shared secret above all) leaks into a tenant's process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, renameSync } from 'node:fs';
import path from 'node:path';
import { DIRECTUS_CLI, NODE_22 } from '@epic/node-support/directus';
import { waitForHttpOk } from '@epic/node-support/wait-for-http';
import { openForAppendNoFollow, readTextNoFollow, sizeNoFollow } from '../site-files/no-follow.ts';
import type { SiteUser } from './site-users.ts';

export function instanceLogFile(dir: string): string {
	return path.join(dir, 'directus.log');
}

/** Past this size the log is moved to `directus.log.1` at the next start (one generation kept). */
const LOG_ROTATE_BYTES = 5 * 1024 * 1024;

/**
 * Appends, so the lines before a crash are still there after the restart. The site can write its
 * folder: the log is never opened, nor measured, through a link it planted (site-files/no-follow.ts).
 */
export function openInstanceLog(dir: string): number {
	const file = instanceLogFile(dir);
	// A rename moves a link itself, never its target.
	if (sizeNoFollow(file) > LOG_ROTATE_BYTES) renameSync(file, `${file}.1`);
	return openForAppendNoFollow(file);
}

/**
 * How a site is started: through `launcher`, a program that runs the command it is given (the site
 * launcher, for checkpoints), or as `user`, the site's own uid and gid (site-users.ts), which
 * checkpoints do not work with; or plainly, as the runtime's user.
 */
export type SiteStart = { launcher: string } | { user: SiteUser } | Record<string, never>;

export function spawnInstanceProcess(dir: string, env: Record<string, string>, start: SiteStart = {}): ChildProcess {
	const log = openInstanceLog(dir);
	const command = [NODE_22, DIRECTUS_CLI, 'start'];
	if ('launcher' in start) command.unshift(start.launcher);
	const identity = 'user' in start ? { uid: start.user.uid, gid: start.user.gid } : {};
	try {
		return spawn(command[0]!, command.slice(1), { cwd: dir, env, detached: true, stdio: ['ignore', log, log], ...identity });
	} finally {
		closeSync(log);
	}
}

export class InstanceStartError extends Error {}

/** The end of an instance's log, for the error that says why it did not start. */
function logTail(dir: string | undefined): string {
	if (!dir) return '';
	try {
		const text = (readTextNoFollow(instanceLogFile(dir)) ?? '').trim();
		return text ? `; its log ends: ${text.slice(-600)}` : '';
	} catch {
		return '';
	}
}

/**
 * Resolves once the instance answers `/server/ping` (12.4's `/server/health` needs a token).
 * `isAlive` lets the caller stop waiting as soon as the process has died; `dir` names the folder
 * whose log explains a failure.
 */
export async function waitUntilAnswering(port: number, isAlive: () => boolean, timeoutMs: number, dir?: string): Promise<void> {
	const outcome = await waitForHttpOk(`http://127.0.0.1:${port}/server/ping`, { timeoutMs, isAlive, intervalMs: 40 });
	if (outcome === 'exited') throw new InstanceStartError(`The Directus process exited while starting${logTail(dir)}`);
	if (outcome === 'timed-out') throw new InstanceStartError(`The instance did not answer within ${timeoutMs} ms${logTail(dir)}`);
}
