/**
 * What a swarm site's task runs first (given to `node` as its program text by the service's
 * command; swarm-service-arguments.ts): it asks the runtime's task gate for the database password
 * of this task (task-password-grant.ts), then runs Directus with it, passing signals on and ending
 * with Directus's exit. The gate's token and address stay out of Directus's environment. A task the
 * gate refuses (one Swarm no longer wants) exits without starting Directus.
 *
 * Self-contained on purpose: the site image holds no platform code. Its arguments are Directus's
 * command line.
 */
import { spawn } from 'node:child_process';

/** How long a task keeps asking while the gate cannot answer (a runtime restarting, say). */
const ASK_FOR_MS = 60_000;
const RETRY_AFTER_MS = 1000;

const { SITE_TASK_GATE: gate, SITE_TASK_TOKEN: token, SITE_TASK_INSTANCE: instance, SITE_TASK_ID: task, ...siteEnv } = process.env;

async function askForPassword(): Promise<string> {
	const deadline = Date.now() + ASK_FOR_MS;
	for (;;) {
		let reason: string;
		try {
			const response = await fetch(`${gate}/_task/database-password`, {
				method: 'POST',
				headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
				body: JSON.stringify({ instance, task }),
				signal: AbortSignal.timeout(10_000),
			});
			const body = (await response.json().catch(() => ({}))) as { password?: string; error?: string };
			if (response.ok && body.password) return body.password;
			reason = `${response.status} ${body.error ?? ''}`;
			// Refused for good: this task is not the site's (any more).
			if (response.status < 500) throw new Error(`the task gate refused this task: ${reason}`);
		} catch (error) {
			if ((error as Error).message.startsWith('the task gate refused')) throw error;
			reason = (error as Error).message;
		}
		if (Date.now() > deadline) throw new Error(`the task gate did not give a password within ${ASK_FOR_MS / 1000} s: ${reason}`);
		await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
	}
}

try {
	const database = new URL(siteEnv['DB_CONNECTION_STRING'] ?? '');
	database.password = await askForPassword();
	const directus = spawn(process.execPath, process.argv.slice(1), { env: { ...siteEnv, DB_CONNECTION_STRING: database.toString() }, stdio: 'inherit' });
	for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => directus.kill(signal));
	directus.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} catch (error) {
	console.error(`task entry: ${(error as Error).message}`);
	process.exit(1);
}
