/**
 * Stripe's list and search envelopes and their cursor pagination. Lists are newest first, as
 * Stripe's are; `starting_after`/`ending_before` page by object id, `limit` is 1–100 (default 10).
 */
import { invalidParam, resourceMissing } from './errors.ts';
import type { ApiList } from './objects.ts';
import type { Params } from './params.ts';

/** The parameters every list accepts, for a route's `only(...)`. */
export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before'] as const;

function limitOf(params: Params): number {
	const limit = params.integer('limit') ?? 10;
	if (limit < 1 || limit > 100) throw invalidParam('limit', 'This value must be between 1 and 100.');
	return limit;
}

/** `items` in creation order; the answer pages through them newest first. */
export function listPage<T extends { id: string }>(items: Iterable<T>, params: Params, url: string): ApiList<T> {
	const newestFirst = [...items].reverse();
	const limit = limitOf(params);
	const after = params.string('starting_after');
	const before = params.string('ending_before');
	if (after !== undefined && before !== undefined) {
		throw invalidParam('starting_after', 'You may only specify one of these parameters: ending_before, starting_after.');
	}
	const cursor = after ?? before;
	if (cursor === undefined) return { object: 'list', data: newestFirst.slice(0, limit), has_more: newestFirst.length > limit, url };
	const index = newestFirst.findIndex((item) => item.id === cursor);
	if (index < 0) throw resourceMissing('object', cursor, after !== undefined ? 'starting_after' : 'ending_before');
	if (after !== undefined) {
		const rest = newestFirst.slice(index + 1);
		return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
	}
	const earlier = newestFirst.slice(0, index);
	return { object: 'list', data: earlier.slice(-limit), has_more: earlier.length > limit, url };
}

export interface SearchResult<T> {
	object: 'search_result';
	data: T[];
	has_more: boolean;
	next_page: string | null;
	url: string;
}

/** Search pages by an opaque `page` token: here, the offset of the next page. */
export function searchPage<T>(matches: T[], params: Params, url: string): SearchResult<T> {
	const limit = limitOf(params);
	const page = params.string('page');
	const offset = page === undefined ? 0 : Number(page);
	if (!Number.isInteger(offset) || offset < 0) throw invalidParam('page', `Invalid page: ${page}`);
	const newestFirst = [...matches].reverse();
	const data = newestFirst.slice(offset, offset + limit);
	const hasMore = newestFirst.length > offset + limit;
	return { object: 'search_result', data, has_more: hasMore, next_page: hasMore ? String(offset + limit) : null, url };
}
