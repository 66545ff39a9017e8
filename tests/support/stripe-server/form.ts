/**
 * Decodes Stripe's form encoding (request bodies and query strings) into a tree: `a[b][0][c]=x`
 * becomes `{ a: { b: { 0: { c: 'x' } } } }`. The official library writes arrays with indexes
 * (`expand[0]=…`); `expand[]=…` (curl, other clients) appends instead. Indexed arrays stay objects
 * here: the parameter readers decide what is a list, so `metadata[0]` is never mistaken for one.
 */
export type FormValue = string | FormValue[] | FormTree;
export interface FormTree {
	[key: string]: FormValue;
}

export class FormError extends Error {}

export function parseForm(encoded: string): FormTree {
	const root: FormTree = {};
	for (const [rawKey, value] of new URLSearchParams(encoded)) {
		const segments = keySegments(rawKey);
		if (!segments) throw new FormError(`Invalid parameter name: ${rawKey}`);
		assign(root, segments, value, rawKey);
	}
	return root;
}

/** `a[b][]` → `['a', 'b', '']`; null when brackets do not pair up. */
function keySegments(key: string): string[] | null {
	const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
	if (!match) return null;
	const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
	return [match[1]!, ...rest];
}

function assign(node: FormTree, segments: string[], value: string, rawKey: string): void {
	const [head, next, ...rest] = segments as [string, string | undefined, ...string[]];
	if (next === undefined) {
		node[head] = value;
		return;
	}
	if (next === '') {
		// `key[]=v` appends; nothing may follow an append since it names no element.
		if (rest.length > 0) throw new FormError(`Unsupported parameter name: ${rawKey}`);
		const existing = node[head];
		if (existing === undefined) node[head] = [value];
		else if (Array.isArray(existing)) existing.push(value);
		else throw new FormError(`Conflicting values for ${head} in ${rawKey}`);
		return;
	}
	const child = node[head] ?? {};
	if (typeof child === 'string' || Array.isArray(child)) throw new FormError(`Conflicting values for ${head} in ${rawKey}`);
	node[head] = child;
	assign(child, [next, ...rest], value, rawKey);
}

/** A stable rendering of a tree: the same parameters in any order give the same string. */
export function canonicalForm(value: FormValue): string {
	if (typeof value === 'string') return JSON.stringify(value);
	if (Array.isArray(value)) return `[${value.map(canonicalForm).join(',')}]`;
	const keys = Object.keys(value).sort();
	return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalForm(value[key]!)}`).join(',')}}`;
}
