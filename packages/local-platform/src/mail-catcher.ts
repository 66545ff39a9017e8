/**
 * The embedded default's SMTP catcher: MailDev receives every email the control plane sends
 * (verification, password reset) and shows it in a web UI, so sign-up works with no mail server.
 * It runs as its own process: MailDev keeps module-level state and installs signal handlers that
 * exit the whole process, so it must not share one with the platform (or with a test runner).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NODE_22 } from '@epic/node-support/directus';
import { stopProcess } from '@epic/node-support/processes';

export interface MailCatcher {
	uiUrl: string;
	close(): Promise<void>;
}

/**
 * A ceiling for a start that hangs, not a measure: MailDev answers in about a second on a quiet
 * machine, and took over 15 s on a CI machine whose two cores ran a load of 17.
 */
const START_TIMEOUT_MS = 60_000;

const MAILDEV_CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('maildev/package.json')), 'bin', 'maildev');

async function waitForHealth(url: string, exited: () => boolean, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline && !exited()) {
		try {
			if ((await fetch(`${url}/healthz`)).ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`The mail catcher did not start on ${url}${exited() ? ' (it exited; is the port taken?)' : ''}`);
}

export async function startMailCatcher(options: { smtpPort: number; uiPort: number }): Promise<MailCatcher> {
	const child = spawn(NODE_22, [MAILDEV_CLI, '--smtp', String(options.smtpPort), '--web', String(options.uiPort), '--ip', '127.0.0.1', '--silent'], {
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const uiUrl = `http://127.0.0.1:${options.uiPort}`;
	try {
		await waitForHealth(uiUrl, () => child.exitCode !== null, START_TIMEOUT_MS);
	} catch (error) {
		await stopProcess(child);
		throw error;
	}
	return { uiUrl: `http://localhost:${options.uiPort}`, close: () => stopProcess(child, 2000) };
}
