import { customEndpoint } from '@directus/sdk';
import { projectLogChunkSchema, type ProjectLogChunk } from '@epic/platform-api';
import { directus } from '../../../lib/directus';
import { parseAnswer } from '../../../lib/parse-answer';
import { takeEvents } from '../lib/server-sent-events';

const logsPath = (id: string) => `/projects/${encodeURIComponent(id)}/logs`;

/** `GET /projects/{id}/logs`: the site's last log lines, masked, and the offset to follow from. */
export async function fetchProjectLogs(projectId: string): Promise<ProjectLogChunk> {
  const data = await directus.request(customEndpoint<unknown>({ path: logsPath(projectId), method: 'GET' }));
  return parseAnswer(projectLogChunkSchema, data, `GET ${logsPath(projectId)}`);
}

/**
 * Follows `/logs/stream` from `after`, handing each batch of new lines to `onLines`, until the
 * stream ends or `signal` aborts it. An EventSource cannot carry the bearer token, so the stream
 * is read through fetch. A refusal throws like the SDK does (`{ errors, response }`).
 */
export async function followProjectLogs(projectId: string, after: number, onLines: (chunk: ProjectLogChunk) => void, signal: AbortSignal): Promise<void> {
  const token = await directus.getToken();
  const response = await fetch(`${logsPath(projectId)}/stream?after=${after}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
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
