/**
 * `expand[]`: replaces an id in the answer with the object it names, along a dotted path
 * (`subscription`, `latest_invoice`, `data.product` on a list, `subscription.latest_invoice`).
 * Works on a copy, so stored objects keep their ids.
 */
import { invalidRequest } from './errors.ts';
import { snapshot } from './events.ts';
import type { Store } from './store.ts';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expandAnswer(store: Store, answer: object, paths: string[]): object {
	if (paths.length === 0) return answer;
	const copy = snapshot(answer) as Json;
	for (const path of paths) walk(store, copy, path.split('.'), path);
	return copy;
}

function walk(store: Store, node: Json, segments: string[], path: string): void {
	const [segment, ...rest] = segments;
	if (segment === undefined) return;
	if (node.object === 'list' || node.object === 'search_result') {
		if (segment !== 'data') throw notExpandable(path);
		for (const item of node.data as unknown[]) if (isObject(item)) walk(store, item, rest, path);
		return;
	}
	if (!(segment in node)) throw notExpandable(path);
	let value = node[segment];
	if (typeof value === 'string') {
		const found = store.find(value);
		if (!found) throw notExpandable(path);
		value = snapshot(found);
		node[segment] = value;
	}
	// null stays null, as with Stripe; numbers, flags and arrays were never ids.
	if (isObject(value)) walk(store, value, rest, path);
	else if (value !== null) throw notExpandable(path);
}

function notExpandable(path: string): Error {
	return invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
}
