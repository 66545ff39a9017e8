/**
 * Child processes the platform starts: run-to-completion commands with their output kept for the
 * error message, and long-running services that are all stopped together on Ctrl-C.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export class CommandFailedError extends Error {
	readonly exitCode: number | null;
	readonly output: string;

	constructor(command: string, exitCode: number | null, output: string) {
		super(`${command} failed (exit ${exitCode}):\n${output.slice(-4000)}`);
		this.exitCode = exitCode;
		this.output = output;
	}
}

/** Runs a command to completion; output is collected and shown only when it fails. */
export function runCommand(command: string, args: string[], options: SpawnOptions & { label: string }): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolve(output);
			else reject(new CommandFailedError(options.label, code, output));
		});
	});
}

/** Stops a child and waits for it: SIGTERM first, SIGKILL if it has not exited in time. */
export function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
	return new Promise((resolve) => {
		const killTimer = setTimeout(() => child.kill('SIGKILL'), graceMs);
		child.once('exit', () => {
			clearTimeout(killTimer);
			resolve();
		});
		child.kill('SIGTERM');
	});
}

/** The most a long-running child's collected output keeps: its end is what explains a failure. */
const OUTPUT_KEEP_CHARS = 100_000;

/**
 * Keeps what a long-running child prints (stdout and stderr, interleaved), trimmed to its end, and
 * optionally echoes it. Returns a reader of what was collected so far.
 */
export function collectOutput(child: ChildProcess, echo?: (chunk: string) => void): () => string {
	let output = '';
	const collect = (chunk: Buffer) => {
		const text = chunk.toString();
		output += text;
		if (output.length > 2 * OUTPUT_KEEP_CHARS) output = output.slice(-OUTPUT_KEEP_CHARS);
		echo?.(text);
	};
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	return () => output;
}
