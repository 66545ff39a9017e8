/**
 * A site task's container on this node, as the node's own engine sees it: found by the task id
 * Swarm labels it with, and only if it belongs to a site service (so the agent never touches the
 * platform's own containers). Its memory is what `docker stats` counts: usage less inactive file
 * cache.
 */
import { engineGet, type EngineGet } from '../docker-engine-api.ts';
import { SITE_SERVICE_PREFIX } from '../swarm-service-arguments.ts';

export interface TaskContainer {
	id: string;
	state: 'running' | 'paused' | string;
}

interface ListedContainer {
	Id: string;
	State: string;
	Labels: Record<string, string>;
}

interface ContainerStats {
	memory_stats?: { usage?: number; stats?: Record<string, number> };
}

/** Task ids are Swarm's: 25 lowercase letters and digits. */
export const TASK_ID = /^[a-z0-9]{25}$/;

/** The site task's container on this node; null when this node has none (or it is not a site's). */
export async function findTaskContainer(taskId: string, get: EngineGet = engineGet): Promise<TaskContainer | null> {
	const filters = encodeURIComponent(JSON.stringify({ label: [`com.docker.swarm.task.id=${taskId}`] }));
	const found = await get<ListedContainer[]>(`/containers/json?all=true&filters=${filters}`);
	const site = found.find((container) => container.Labels['com.docker.swarm.service.name']?.startsWith(SITE_SERVICE_PREFIX));
	return site ? { id: site.Id, state: site.State } : null;
}

/** The container's memory in bytes, as `docker stats` counts it; null when the engine does not say. */
export async function containerMemoryBytes(containerId: string, get: EngineGet = engineGet): Promise<number | null> {
	const stats = await get<ContainerStats>(`/containers/${containerId}/stats?stream=false&one-shot=true`);
	const usage = stats.memory_stats?.usage;
	if (usage === undefined) return null;
	const inactive = stats.memory_stats?.stats?.['inactive_file'] ?? stats.memory_stats?.stats?.['total_inactive_file'] ?? 0;
	return Math.max(0, usage - inactive);
}
