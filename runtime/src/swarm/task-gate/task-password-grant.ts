/**
 * The fence of a swarm site's database (docs/swarm.md, Losing a node). A site's task does not find
 * its database password in its service's spec, which Swarm's replacement task would share with a
 * task stranded on a node it lost: it asks the runtime as it starts (task-entry.ts). The runtime
 * answers only a task Swarm wants running now; it gives the role a password of that task's own and
 * ends every other session of the role. So a stranded task, which still runs where its node can
 * reach the database, loses its connections and cannot open another.
 */
import type http from 'node:http';

/** Where a task asks, on the S3 gate's listener (the one runtime port a task reaches): no bucket's name starts with `_`. */
export const TASK_PASSWORD_PATH = '/_task/database-password';

/** A task's request body: at most two ids. */
const MAX_BODY_BYTES = 4096;

export interface TaskPasswordGrantParts {
	/** Whether `token` is the task token of instance `instanceId` (site-task-token.ts). */
	isTokenOf(instanceId: string, token: string): boolean;
	/** Whether `taskId` is a task of the instance's service that Swarm wants running. */
	isWantedTask(instanceId: string, taskId: string): Promise<boolean>;
	/** Sets the task's own password on the instance's role, ends the role's other sessions, and returns it; null for no such instance. */
	grant(instanceId: string, taskId: string): Promise<string | null>;
	log(message: string): void;
}

const ID = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,80}$/;

class Refusal extends Error {
	readonly status: number;

	constructor(status: number, message: string) {
		super(message);
		this.status = status;
	}
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > MAX_BODY_BYTES) throw new Refusal(413, 'The request is too large');
		chunks.push(chunk);
	}
	try {
		const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
		if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
	} catch {
		// Said below.
	}
	throw new Refusal(400, 'The body must be a JSON object with "instance" and "task"');
}

async function decide(request: http.IncomingMessage, parts: TaskPasswordGrantParts): Promise<string> {
	if (request.method !== 'POST') throw new Refusal(405, 'POST only');
	const body = await readJson(request);
	const { instance, task } = body;
	if (typeof instance !== 'string' || !ID.test(instance) || typeof task !== 'string' || !ID.test(task)) {
		throw new Refusal(400, 'The body must be a JSON object with "instance" and "task"');
	}
	const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
	if (!parts.isTokenOf(instance, token)) throw new Refusal(403, 'The token is not this site’s');
	if (!(await parts.isWantedTask(instance, task))) {
		parts.log(`task gate: refused task ${task} of instance ${instance}: Swarm does not want it running`);
		throw new Refusal(409, 'Swarm does not want this task running');
	}
	const password = await parts.grant(instance, task);
	if (password === null) throw new Refusal(404, 'No such site');
	parts.log(`task gate: task ${task} of instance ${instance} has the database now; the role's other sessions were ended`);
	return password;
}

/** Answers a task's request for its password: 200 `{ password }`, or the refusal's status and reason. */
export async function answerTaskPasswordRequest(request: http.IncomingMessage, response: http.ServerResponse, parts: TaskPasswordGrantParts): Promise<void> {
	try {
		const password = await decide(request, parts);
		response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
		response.end(JSON.stringify({ password }));
	} catch (error) {
		const refusal = error instanceof Refusal ? error : new Refusal(503, 'The password could not be set: try again');
		if (!(error instanceof Refusal)) parts.log(`task gate: ${(error as Error).message}`);
		response.writeHead(refusal.status, { 'content-type': 'application/json', connection: 'close' });
		response.end(JSON.stringify({ error: refusal.message }));
		if (!request.readableEnded) request.resume();
	}
}
