/**
 * docker-stack.yml as `docker stack deploy` reads it: `docker stack config` with exactly the
 * variables given (nothing inherited but PATH), which substitutes them and refuses a missing
 * required one (`${NAME:?…}`) as a deploy would.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { repoPath } from '@epic/node-support/paths';

const run = promisify(execFile);
const STACK_FILE = 'docker-stack.yml';

/** The variables docker-stack.yml refuses to deploy without, read from the file itself. */
export function requiredStackVariables(): string[] {
	return [...new Set([...readFileSync(repoPath(STACK_FILE), 'utf8').matchAll(/\$\{(\w+):\?/g)].map((match) => match[1]!))];
}

/** One service as the stack deploys it: only what the tests read. */
export interface StackService {
	image: string;
	networks?: Record<string, unknown>;
	read_only?: boolean;
	cap_add?: string[];
	command?: string[];
	environment?: Record<string, string>;
	volumes?: Array<{ type: string; source: string; target: string }>;
	deploy?: { mode?: string; replicas?: number; placement?: { constraints?: string[] } };
	build?: unknown;
}

export async function resolvedStackServices(env: Record<string, string>): Promise<Record<string, StackService>> {
	try {
		const { stdout } = await run('docker', ['stack', 'config', '--compose-file', STACK_FILE], { cwd: repoPath(), env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env } });
		return (parseYaml(stdout) as { services: Record<string, StackService> }).services;
	} catch (error) {
		throw new Error(String((error as { stderr?: unknown }).stderr ?? (error as Error).message).trim());
	}
}
