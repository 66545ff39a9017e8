/**
 * A site's log for its owner (docs/product.md, Site log), with a real runtime: the owner reads the
 * recent lines and follows new ones live as server-sent events; a warning provoked in the site (a
 * request to trigger a flow that does not exist) reaches the owner's open stream within seconds;
 * the site's SECRET and a password in a line are masked; staff read any project's log; another
 * customer gets nothing, neither the lines nor the stream.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ProjectLogChunk } from '@epic/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, controlPlane, type ApiError } from '../support/api.ts';
import { publishedProject, registerVerifiedCustomer, type TestCustomer } from '../support/customers.ts';
import { hostRequest } from '../support/host-request.ts';
import { runtimeState } from '../support/runtime-inspection.ts';
import { subscribeInSandbox } from '../support/sandbox-subscription.ts';
import { workerJourneyStack, type WorkerJourneyStack } from '../support/journey-stack.ts';

let stack: WorkerJourneyStack;
let runtime: WorkerJourneyStack['runtime'];
let owner: TestCustomer;
let stranger: TestCustomer;
let project: { id: string; subdomain: string };

async function logsAs(token: string, after?: number): Promise<ProjectLogChunk> {
	const answer = await api<{ data: ProjectLogChunk }>('GET', `/projects/${project.id}/logs${after === undefined ? '' : `?after=${after}`}`, { token });
	expect(answer.status, JSON.stringify(answer.body)).toBe(200);
	expect(answer.headers.get('cache-control')).toBe('no-store');
	return answer.body.data;
}

/**
 * Reads the owner's event stream until a `lines` event holds a line containing `needle`, and
 * resolves with that event's lines; rejects after `timeoutMs`.
 */
async function awaitStreamedLine(stream: ReadableStream<Uint8Array>, needle: string, timeoutMs: number): Promise<string[]> {
	const reader = stream.getReader();
	const decoder = new TextDecoder();
	const deadline = setTimeout(() => void reader.cancel(new Error(`no streamed line with ${needle} within ${timeoutMs} ms`)), timeoutMs);
	let buffered = '';
	try {
		for (;;) {
			const { value, done } = await reader.read();
			if (done) throw new Error(`the stream ended before a line with ${needle} came`);
			buffered += decoder.decode(value, { stream: true });
			let end: number;
			while ((end = buffered.indexOf('\n\n')) >= 0) {
				const event = buffered.slice(0, end);
				buffered = buffered.slice(end + 2);
				const data = /^event: lines\ndata: (.*)$/m.exec(event)?.[1];
				const lines = data ? (JSON.parse(data) as ProjectLogChunk).lines : [];
				if (lines.some((line) => line.includes(needle))) return lines;
			}
		}
	} finally {
		clearTimeout(deadline);
		await reader.cancel().catch(() => {});
	}
}

beforeAll(async () => {
	stack = workerJourneyStack();
	({ runtime } = stack);
	[owner, stranger] = await Promise.all([registerVerifiedCustomer('logs-owner'), registerVerifiedCustomer('logs-stranger')]);
	await subscribeInSandbox(owner);
	project = await publishedProject(owner, 'logs');
}, 300_000);

afterAll(async () => {
	await stack?.stopSites();
});

describe("a site's log", () => {
	it('reaches its owner live: a warning provoked in the site arrives on the open stream within seconds', async () => {
		const start = await logsAs(owner.token);
		const stop = new AbortController();
		const response = await fetch(`${controlPlane().url}/projects/${project.id}/logs/stream?after=${start.offset}`, {
			headers: { authorization: `Bearer ${owner.token}` },
			signal: stop.signal,
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

		const flowId = randomUUID();
		const trigger = await hostRequest(runtime.routerUrl, `${project.subdomain}.localhost`, `/flows/trigger/${flowId}`, { method: 'POST' });
		expect(trigger.status).toBeGreaterThanOrEqual(400);
		const lines = await awaitStreamedLine(response.body!, flowId, 10_000);
		stop.abort();
		// Directus logs JSON lines; the warning names the flow it was asked for.
		const warnings = lines.filter((line) => line.includes(flowId)).map((line) => JSON.parse(line) as { level: number; msg: string });
		expect(warnings).toEqual([expect.objectContaining({ level: 40, msg: `Couldn't find webhook or manual triggered flow with id "POST-${flowId}"` })]);

		// The same line is there for a plain read from where the owner began.
		expect((await logsAs(owner.token, start.offset)).lines.some((line) => line.includes(flowId))).toBe(true);
	});

	it("masks the site's SECRET and passwords in what its owner reads", async () => {
		const record = runtimeState(runtime.dataDir).instances[project.id]!;
		const before = await logsAs(owner.token);
		// As a customer's extension might print them.
		appendFileSync(path.join(record.dir, 'directus.log'), `config SECRET=${record.secret} {"password":"hunter2-secret"}\n`);
		const read = await logsAs(owner.token, before.offset);
		expect(read.lines).toEqual(['config SECRET=[masked] {"password":"[masked]"}']);
		expect(JSON.stringify(read)).not.toContain(record.secret);
	});

	it('staff read it too; another customer gets nothing, neither the lines nor the stream', async () => {
		expect((await logsAs(await adminToken())).lines.length).toBeGreaterThan(0);
		const theirs = await api<ApiError>('GET', `/projects/${project.id}/logs`, { token: stranger.token });
		expect(theirs.status).toBe(404);
		expect(theirs.body.errors[0].extensions.code).toBe('PROJECT_NOT_FOUND');
		const stream = await fetch(`${controlPlane().url}/projects/${project.id}/logs/stream`, { headers: { authorization: `Bearer ${stranger.token}` } });
		expect(stream.status).toBe(404);
		expect(await stream.text()).not.toContain('event:');
		expect((await api('GET', `/projects/${project.id}/logs?after=-1`, { token: owner.token })).status).toBe(400);
	});
});
