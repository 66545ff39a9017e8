import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isSiteTaskToken, siteTaskToken } from './site-task-token.ts';
import { taskShellArguments } from './task-command.ts';
import { answerTaskPasswordRequest, TASK_PASSWORD_PATH } from './task-password-grant.ts';

const SECRET = 'runtime-secret';
/** RUNTIME_SECRET_PREVIOUS during a rotation: a task created before it still shows a token of this secret. */
const PREVIOUS_SECRET = 'runtime-secret-before-the-rotation';
/** Tasks Swarm wants running, by instance; what each grant set, in order. */
const wanted: Record<string, string[]> = { abc: ['task-new'] };
const granted: string[] = [];
let server: http.Server;
let gate: string;
let folder: string;

beforeAll(async () => {
	folder = mkdtempSync(path.join(tmpdir(), 'task-entry-'));
	server = http.createServer((request, response) => {
		if (request.url !== TASK_PASSWORD_PATH) return void response.writeHead(404).end();
		void answerTaskPasswordRequest(request, response, {
			isTokenOf: (instanceId, token) => isSiteTaskToken([SECRET, PREVIOUS_SECRET], instanceId, token),
			isWantedTask: async (instanceId, taskId) => (wanted[instanceId] ?? []).includes(taskId),
			grant: async (instanceId, taskId) => {
				if (instanceId === 'gone') return null;
				granted.push(`${instanceId}/${taskId}`);
				return `password-of-${taskId}`;
			},
			log: () => {},
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	gate = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise((resolve) => server.close(resolve));
	rmSync(folder, { recursive: true, force: true });
});

async function ask(body: unknown, token = siteTaskToken(SECRET, 'abc'), method = 'POST') {
	const response = await fetch(`${gate}${TASK_PASSWORD_PATH}`, {
		method,
		headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
		...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
	});
	return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('the task gate’s password grant', () => {
	test('gives a task Swarm wants running the password of its own, and nothing to anyone else', async () => {
		granted.length = 0;
		expect(await ask({ instance: 'abc', task: 'task-new' })).toEqual({ status: 200, body: { password: 'password-of-task-new' } });
		// A task Swarm replaced (its node lost): refused, and the role keeps the new task's password.
		expect(await ask({ instance: 'abc', task: 'task-old' })).toEqual({ status: 409, body: { error: 'Swarm does not want this task running' } });
		// Another site's token, or none.
		expect((await ask({ instance: 'abc', task: 'task-new' }, siteTaskToken(SECRET, 'xyz'))).status).toBe(403);
		expect((await ask({ instance: 'abc', task: 'task-new' }, '')).status).toBe(403);
		expect((await ask({ instance: 'abc', task: 'task-new' }, siteTaskToken('another-secret', 'abc'))).status).toBe(403);
		// A task created before a rotation of the runtime's secret.
		expect(await ask({ instance: 'abc', task: 'task-new' }, siteTaskToken(PREVIOUS_SECRET, 'abc'))).toEqual({ status: 200, body: { password: 'password-of-task-new' } });
		// Malformed requests.
		expect((await ask('not json')).status).toBe(400);
		expect((await ask({ instance: '../abc', task: 'task-new' })).status).toBe(400);
		expect((await ask({ instance: 'abc' })).status).toBe(400);
		expect((await ask(null, undefined, 'GET')).status).toBe(405);
		expect(granted).toEqual(['abc/task-new', 'abc/task-new']);
	});

	test('says so for a site the runtime does not have', async () => {
		wanted['gone'] = ['t1'];
		expect(await ask({ instance: 'gone', task: 't1' }, siteTaskToken(SECRET, 'gone'))).toEqual({ status: 404, body: { error: 'No such site' } });
	});
});

/** Runs the task's command as a task does, with a stand-in for Directus that prints what it was given and its parent. */
function runTask(task: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
	const fakeDirectus = path.join(folder, 'directus.mjs');
	writeFileSync(
		fakeDirectus,
		`console.log(JSON.stringify({ args: process.argv.slice(2), database: process.env.DB_CONNECTION_STRING, gateVariables: Object.keys(process.env).filter((name) => name.startsWith('SITE_TASK_')), parent: process.ppid }));`,
	);
	const child = spawn('sh', taskShellArguments([fakeDirectus, 'start']), {
		env: {
			// The image's Node 22 is the first `node` there.
			PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
			DB_CONNECTION_STRING: 'postgres://site_abc@10.0.0.5:5432/site_abc',
			SITE_TASK_GATE: gate,
			SITE_TASK_TOKEN: siteTaskToken(SECRET, 'abc'),
			SITE_TASK_INSTANCE: 'abc',
			SITE_TASK_ID: task,
		},
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('a task’s command', () => {
	test('runs Directus in its place, with the password the gate gave this task and none of the gate’s variables', async () => {
		const run = await runTask('task-new');
		expect(run.stderr).toBe('');
		expect(run.code).toBe(0);
		expect(JSON.parse(run.stdout)).toEqual({
			args: ['start'],
			database: 'postgres://site_abc:password-of-task-new@10.0.0.5:5432/site_abc',
			gateVariables: [],
			// The shell replaced itself with Directus: no shell or entry process stays between.
			parent: process.pid,
		});
	});

	test('does not start Directus for a task the gate refuses', async () => {
		const run = await runTask('task-old');
		expect(run.code).toBe(1);
		expect(run.stdout).toBe('');
		expect(run.stderr).toBe('task entry: the task gate refused this task: 409 Swarm does not want this task running\n');
	});
});
