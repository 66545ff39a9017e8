/**
 * The two CRIU operations the checkpoint tier uses. A dump ends the process (its memory is freed);
 * a restore brings the whole tree back in a new PID namespace (the site ran as PID 1 of its own,
 * see runtime/native/site-launcher.c), so its PIDs never clash with the machine's. A restored tree
 * is detached from CRIU: the runtime watches it like a process it adopted.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from '@epic/node-support/processes';

/** CRIU's own log of an operation, inside the image folder, for the error that says why it failed. */
function logTail(imageDir: string, logName: string): string {
	try {
		const lines = readFileSync(path.join(imageDir, logName), 'utf8').trim().split('\n');
		return (
			lines
				.filter((line) => line.startsWith('Error'))
				.slice(-3)
				.join('; ') || lines.slice(-2).join('; ')
		);
	} catch {
		return '';
	}
}

export class CheckpointError extends Error {}

/** Checkpoints the process tree rooted at `pid` into `imageDir` and ends it. */
export async function dumpProcess(criuPath: string, pid: number, imageDir: string): Promise<void> {
	mkdirSync(imageDir, { recursive: true, mode: 0o700 });
	try {
		await runCommand(criuPath, ['dump', '--tree', String(pid), '--images-dir', imageDir, '--file-locks', '--log-file', 'dump.log'], { label: 'criu dump' });
	} catch (error) {
		throw new CheckpointError(`criu dump of ${pid} failed: ${logTail(imageDir, 'dump.log') || (error as Error).message.slice(0, 300)}`);
	}
}

/** Restores the tree saved in `imageDir` and resolves with its root's PID (as this namespace sees it). */
export async function restoreProcess(criuPath: string, imageDir: string): Promise<number> {
	const pidFile = path.join(imageDir, 'restored.pid');
	try {
		await runCommand(criuPath, ['restore', '--images-dir', imageDir, '--restore-detached', '--file-locks', '--pidfile', pidFile, '--log-file', 'restore.log'], {
			label: 'criu restore',
		});
	} catch (error) {
		throw new CheckpointError(`criu restore failed: ${logTail(imageDir, 'restore.log') || (error as Error).message.slice(0, 300)}`);
	}
	const pid = Number(readFileSync(pidFile, 'utf8').trim());
	if (!Number.isInteger(pid) || pid <= 0) throw new CheckpointError(`criu restore wrote no valid pid to ${pidFile}`);
	return pid;
}

/** `criu check`: whether this kernel and this process's rights allow checkpoints at all. */
export async function criuCheck(criuPath: string): Promise<string | null> {
	try {
		await runCommand(criuPath, ['check'], { label: 'criu check' });
		return null;
	} catch (error) {
		return (error as Error).message.split('\n').slice(0, 4).join(' ').slice(0, 400);
	}
}

export async function criuVersion(criuPath: string): Promise<string> {
	const output = await runCommand(criuPath, ['--version'], { label: 'criu --version' });
	return /Version:\s*(\S+)/.exec(output)?.[1] ?? 'unknown';
}
