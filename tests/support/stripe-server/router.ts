/** A small route table: `/v1/customers/:id` patterns, matched segment by segment. */
import type { Params } from './params.ts';
import type { ServerState } from './state.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteRequest {
	state: ServerState;
	params: Params;
	/** The `:name` segments of the path. */
	path: Record<string, string>;
	/** The `expand[]` paths asked for (applied to the answer after the handler). */
	expand: string[];
}

export interface Route {
	method: Method;
	pattern: string;
	handle(request: RouteRequest): object;
}

export function route(method: Method, pattern: string, handle: Route['handle']): Route {
	return { method, pattern, handle };
}

/** The first route whose method and pattern match; routes listed first win (`/search` before `/:id`). */
export function matchRoute(routes: Route[], method: string, pathname: string): { route: Route; path: Record<string, string> } | null {
	const segments = pathname.split('/').filter(Boolean);
	for (const candidate of routes) {
		if (candidate.method !== method) continue;
		const parts = candidate.pattern.split('/').filter(Boolean);
		if (parts.length !== segments.length) continue;
		const path: Record<string, string> = {};
		const matches = parts.every((part, index) => {
			const segment = decodeURIComponent(segments[index]!);
			if (part.startsWith(':')) {
				path[part.slice(1)] = segment;
				return true;
			}
			return part === segment;
		});
		if (matches) return { route: candidate, path };
	}
	return null;
}
