/**
 * What a swarm site's task runs before Directus (given to `node` as its program text by the
 * task's command; task-command.ts): it asks the runtime's task gate for the database password of
 * this task (task-password-grant.ts) and prints the site's connection string with it, for the
 * command to start Directus with. A task the gate refuses (one Swarm no longer wants) exits 1, and
 * Directus is not started.
 *
 * Self-contained on purpose: the site image holds no platform code.
 */

// A module (it awaits at its top level), though nothing imports it.
export {};

/** How long a task keeps asking while the gate cannot answer (a runtime restarting, say). */
const ASK_FOR_MS = 60_000;
const RETRY_AFTER_MS = 1000;

class Refused extends Error {}

const { SITE_TASK_GATE: gate, SITE_TASK_TOKEN: token, SITE_TASK_INSTANCE: instance, SITE_TASK_ID: task, DB_CONNECTION_STRING: connection } = process.env;

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
			if (response.status < 500) throw new Refused(`the task gate refused this task: ${reason}`);
		} catch (error) {
			if (error instanceof Refused) throw error;
			reason = (error as Error).message;
		}
		if (Date.now() > deadline) throw new Error(`the task gate did not give a password within ${ASK_FOR_MS / 1000} s: ${reason}`);
		await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
	}
}

try {
	const database = new URL(connection ?? '');
	database.password = await askForPassword();
	process.stdout.write(database.toString());
} catch (error) {
	process.stderr.write(`task entry: ${(error as Error).message}\n`);
	process.exitCode = 1;
}
