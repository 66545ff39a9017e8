/**
 * The command a swarm site's task runs: the task entry (task-entry.ts) gets this task's database
 * password from the runtime, then the shell replaces itself with Directus, given the connection
 * string with the password and none of the gate's variables. Directus is the task's only process
 * after that (beside Docker's init), as it was before the fence: the entry's Node exits once it
 * has answered.
 */
import { readFileSync } from 'node:fs';

const TASK_ENTRY_PROGRAM = readFileSync(new URL('./task-entry.ts', import.meta.url), 'utf8');

/** `$0` is the entry's program text, `$@` Directus's command line. */
const SHELL_SCRIPT = [
	'connection="$(node --input-type=module-typescript --eval "$0")" || exit 1',
	'unset SITE_TASK_GATE SITE_TASK_TOKEN SITE_TASK_INSTANCE SITE_TASK_ID',
	'DB_CONNECTION_STRING="$connection" exec node "$@"',
].join('\n');

/** The shell's arguments (after `sh`) that run `node <directusArgs>` with the task's own password. */
export function taskShellArguments(directusArgs: string[]): string[] {
	return ['-c', SHELL_SCRIPT, TASK_ENTRY_PROGRAM, ...directusArgs];
}
