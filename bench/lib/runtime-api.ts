/**
 * The benchmark's view of a runtime's HTTP API: an instance's status as the runtime reports it
 * (with the port, pid and disk figures the benchmark measures against), and waiting for a handed-out
 * pool member to be relaunched before anything is measured on it.
 */
import type { InstanceStatus, SleepTier } from '@epic/runtime-contract';
import type { TestRuntime } from '../../tests/support/test-runtime.ts';
import { sleep } from './time.ts';

export type RuntimeStatus = InstanceStatus & { port: number | null; pid: number | null; diskBytes?: number };

export async function apiStatus(rt: TestRuntime, id: string): Promise<RuntimeStatus> {
	const response = await fetch(`${rt.apiUrl}/instances/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${rt.secret}` } });
	if (!response.ok) throw new Error(`GET /instances/${id} answered ${response.status}: ${await response.text()}`);
	return ((await response.json()) as { data: RuntimeStatus }).data;
}

/** A handed-out pool member is relaunched with its site URL (new port, new pid) once the pool is full. */
export async function settled(rt: TestRuntime, projectId: string): Promise<RuntimeStatus> {
	for (let attempt = 0; attempt < 600; attempt++) {
		const status = await apiStatus(rt, projectId);
		if (status.state === 'running' && status.publicUrl) return status;
		await sleep(100);
	}
	throw new Error(`${projectId} was not relaunched with its site URL within 60 s`);
}

/** Resolves once the site sleeps in `tier` (its idle timeout passed); fails after 60 s. */
export async function untilSleeping(rt: TestRuntime, id: string, tier: SleepTier = 'stopped'): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		const status = await apiStatus(rt, id);
		if (status.state === 'sleeping' && status.sleepTier === tier) return;
		await sleep(50);
	}
	throw new Error(`${id} did not sleep ${tier} within 60 s`);
}
