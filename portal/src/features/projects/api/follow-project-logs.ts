import { projectLogChunkSchema, type ProjectLogChunk } from '@epic/platform-api';
import { directus } from '../../../lib/directus';
import { takeEvents } from '../lib/server-sent-events';
import { projectPath } from './projects-request';

/**
 * Follows `/projects/{id}/logs/stream` from `after`, handing each batch of new lines to `onLines`,
 * until the stream ends or `signal` aborts it. An EventSource cannot carry the bearer token, so the
 * stream is read through fetch. A refusal throws like the SDK does (`{ errors, response }`); a batch
 * its schema refuses is skipped.
 */
export async function followProjectLogs(projectId: string, after: number, onLines: (chunk: ProjectLogChunk) => void, signal: AbortSignal): Promise<void> {
	const token = await directus.getToken();
	const response = await fetch(`${projectPath(projectId)}/logs/stream?after=${after}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
	if (!response.ok || !response.body) {
		const body = (await response.json().catch(() => ({}))) as { errors?: unknown };
		throw { errors: body.errors, response };
	}
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let buffered = '';
	for (;;) {
		const { value, done } = await reader.read();
		if (done) return;
		const { events, rest } = takeEvents(buffered + decoder.decode(value, { stream: true }));
		buffered = rest;
		for (const event of events) {
			if (event.event === 'end') return;
			const chunk = projectLogChunkSchema.safeParse(JSON.parse(event.data));
			if (event.event === 'lines' && chunk.success) onLines(chunk.data);
		}
	}
}
