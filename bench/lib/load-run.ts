/**
 * Load against one HTTP target, for comparing the router with direct access to an instance or one
 * endpoint with another: an autocannon run at a number of connections (50 unless told), with the
 * CPU each side spent on it, and an unloaded one-request-at-a-time latency that shows the router's
 * own cost without queueing.
 */
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuSecondsOf, machineBusySeconds, ownCpuSeconds } from './process-cpu.ts';
import { percentile, round } from './statistics.ts';
import { elapsed, now } from './time.ts';

export const CONNECTIONS = 50;

export interface Target {
	/** What the target is in the report: `direct` and `router` for an instance, an endpoint's name otherwise. */
	label: string;
	url: string;
	host: string | null;
}

/** Processes whose CPU time a load run reports (null when unknown); `instance` is the Directus serving the target. */
export interface LoadPids {
	instance: number | null;
	runtime: number | null;
}

export async function load(target: Target, endpoint: string, headers: Record<string, string>, duration: number, pids: LoadPids, connections = CONNECTIONS) {
	const before = { instance: cpuSecondsOf(pids.instance), runtime: cpuSecondsOf(pids.runtime), bench: ownCpuSeconds(), machine: machineBusySeconds() };
	const result = await autocannon({
		url: `${target.url}${endpoint}`,
		connections,
		duration,
		headers: target.host ? { ...headers, host: target.host } : headers,
	});
	const cpu = {
		instance: cpuSecondsOf(pids.instance) - before.instance,
		runtime: cpuSecondsOf(pids.runtime) - before.runtime,
		bench: ownCpuSeconds() - before.bench,
		machine: machineBusySeconds() - before.machine,
	};
	const ok = result['2xx'];
	const perRequestMs = (seconds: number) => (ok ? Math.round(((seconds * 1000) / ok) * 1000) / 1000 : null);
	return {
		target: target.label,
		connections,
		duration_s: duration,
		requests_per_s: round(result.requests.average),
		// A refusal (Directus's pressure limiter answers 503 fast) would inflate requests/s: successes apart.
		ok_per_s: round(ok / duration),
		latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
		responses_2xx: ok,
		non_2xx: result.non2xx,
		status_codes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0])),
		errors: result.errors,
		timeouts: result.timeouts,
		cpu_s: {
			instance: round(cpu.instance),
			router_runtime: round(cpu.runtime),
			load_generator: round(cpu.bench),
			// Whatever else ran on the machine meanwhile (another test suite, the pool's idle member…).
			everything_else: round(Math.max(0, cpu.machine - cpu.instance - cpu.runtime - cpu.bench)),
			machine_capacity: round(duration * os.cpus().length),
		},
		cpu_ms_per_ok_request: { instance: perRequestMs(cpu.instance), router_runtime: perRequestMs(cpu.runtime), load_generator: perRequestMs(cpu.bench) },
	};
}

export type LoadRun = Awaited<ReturnType<typeof load>>;

/** One request at a time over one kept-alive connection: the router's own cost without queueing. */
export async function sequentialLatency(target: Target, endpoint: string, headers: Record<string, string>, count: number) {
	const url = new URL(target.url);
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
	const once = () =>
		new Promise<number>((resolve, reject) => {
			const request = http.request(
				{ host: url.hostname, port: url.port, path: endpoint, agent, headers: target.host ? { ...headers, host: target.host } : headers },
				(response) => {
					response.resume();
					response.on('end', () => resolve(response.statusCode ?? 0));
					response.on('error', reject);
				},
			);
			request.on('error', reject);
			request.end();
		});
	try {
		for (let i = 0; i < 20; i++) await once();
		const times: number[] = [];
		let failures = 0;
		for (let i = 0; i < count; i++) {
			const started = now();
			const status = await once();
			times.push(elapsed(started));
			if (status !== 200) failures++;
		}
		const sorted = times.sort((a, b) => a - b);
		return { p50: Math.round(percentile(sorted, 50) * 100) / 100, p99: Math.round(percentile(sorted, 99) * 100) / 100, non_200: failures };
	} finally {
		agent.destroy();
	}
}
