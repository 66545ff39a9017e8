/**
 * Sleeps and wakes one site several times in a row through the router, the way a site that gets a
 * visitor every few minutes lives: each wake comes after the site's own keep-alive timer (Node's
 * 5 s) has run out, and the router's kept-alive connection to the site was open when it fell
 * asleep. A paused site runs that overdue timer first thing on SIGCONT, closing the connection the
 * router is about to write the visitor's request on.
 */
import { expect } from 'vitest';
import type { SleepTier } from '@epic/runtime-contract';
import { tcpSockets } from '../../runtime/src/checkpoint/tcp-connections.ts';
import { hostRequest } from './host-request.ts';
import { waitFor } from './wait-for.ts';
import type { TestRuntime } from './test-runtime.ts';

/** Past Node's default `keepAliveTimeout` (5 s), which Directus keeps. */
const PAST_SITE_KEEP_ALIVE_MS = 6000;

/** Established loopback connections whose far end is `port`: the router's connections to a site. */
export function connectionsTo(port: number): number {
	return tcpSockets().filter((socket) => socket.remotePort === port && socket.state === '01').length;
}

export interface WakeAnswer {
	status: number;
	body: string;
	/** Router connections to the site right after the answer: kept alive, so at least one. */
	keptAlive: number;
}

async function pingThroughRouter(runtime: TestRuntime, host: string, port: () => Promise<number>): Promise<WakeAnswer> {
	const answer = await hostRequest(runtime.routerUrl, host, '/server/ping', { headers: { accept: 'application/json' } });
	return { status: answer.status, body: answer.body, keptAlive: connectionsTo(await port()) };
}

/** Wakes `projectId` `times` times, each after it fell asleep in `tier`; returns each wake's answer. */
export async function sleepAndWakeRepeatedly(runtime: TestRuntime, projectId: string, host: string, tier: SleepTier, times: number): Promise<WakeAnswer[]> {
	const port = async () => (await runtime.driver.instanceStatus(projectId))!.port!;
	const first = await pingThroughRouter(runtime, host, port);
	expect(first).toMatchObject({ status: 200, body: 'pong' });
	expect(first.keptAlive).toBeGreaterThan(0);
	let answeredAt = Date.now();
	const wakes: WakeAnswer[] = [];
	for (let cycle = 0; cycle < times; cycle += 1) {
		await waitFor(`${projectId} to sleep ${tier} (cycle ${cycle + 1})`, async () => {
			const status = await runtime.driver.instanceStatus(projectId);
			return status?.state === 'sleeping' && status.sleepTier === tier;
		});
		const overdue = answeredAt + PAST_SITE_KEEP_ALIVE_MS - Date.now();
		if (overdue > 0) await new Promise((resolve) => setTimeout(resolve, overdue));
		wakes.push(await pingThroughRouter(runtime, host, port));
		answeredAt = Date.now();
	}
	return wakes;
}
