/**
 * Stripe's search query language, the part a billing integration uses: clauses joined by `AND`,
 * each `field:'value'` (exact), `field~'value'` (substring, at least 3 characters) or negated with
 * a leading `-`; fields are named ones or `metadata['key']`. `OR` and comparisons (`>`, `<`) are
 * refused rather than misread.
 */
import { invalidParam } from './errors.ts';
import type { Metadata } from './objects.ts';

export interface Searchable<T> {
	/** Field name → its text for matching. */
	fields: Record<string, (object: T) => string | null>;
	metadata: (object: T) => Metadata;
}

const CLAUSE = /^\s*(-?)(metadata\[(['"])(.*?)\3\]|[a-z_]+)\s*([:~])\s*(['"])(.*?)\6\s*/;

export function parseSearchQuery<T>(query: string, searchable: Searchable<T>): (object: T) => boolean {
	const clauses: ((object: T) => boolean)[] = [];
	let rest = query;
	while (true) {
		const match = CLAUSE.exec(rest);
		if (!match) throw unsupported(query, "expected a clause like metadata['key']:'value'");
		const [whole, negation, field, , metadataKey, operator, , value] = match as unknown as string[];
		clauses.push(negate(negation === '-', clause(searchable, field!, metadataKey, operator!, value!, query)));
		rest = rest.slice(whole!.length);
		if (rest.trim() === '') break;
		if (!rest.startsWith('AND ')) throw unsupported(query, rest.startsWith('OR ') ? 'OR is not modeled' : `unexpected "${rest}"`);
		rest = rest.slice(4);
	}
	return (object) => clauses.every((matches) => matches(object));
}

function clause<T>(searchable: Searchable<T>, field: string, metadataKey: string | undefined, operator: string, value: string, query: string) {
	if (metadataKey !== undefined) {
		if (operator !== ':') throw unsupported(query, 'metadata supports only exact matches');
		return (object: T) => searchable.metadata(object)[metadataKey] === value;
	}
	const read = searchable.fields[field];
	if (!read) throw unsupported(query, `the field ${field} is not searchable here`);
	if (operator === '~') {
		if (value.length < 3) throw unsupported(query, 'substring matches need at least 3 characters');
		return (object: T) => (read(object) ?? '').toLowerCase().includes(value.toLowerCase());
	}
	return (object: T) => (read(object) ?? '').toLowerCase() === value.toLowerCase();
}

function negate<T>(negated: boolean, matches: (object: T) => boolean): (object: T) => boolean {
	return negated ? (object) => !matches(object) : matches;
}

function unsupported(query: string, reason: string): Error {
	return invalidParam('query', `Invalid search query: ${query} (${reason})`);
}
