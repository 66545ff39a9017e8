/**
 * Typed, strict readers over a decoded request. A parameter a route does not declare is refused
 * with Stripe's `parameter_unknown`, so a provider that sends something this server does not model
 * learns it from a clear error instead of a silently ignored field.
 */
import { invalidParam, missingParam, unknownParam } from './errors.ts';
import type { FormTree, FormValue } from './form.ts';
import type { Metadata } from './objects.ts';

export class Params {
	readonly tree: FormTree;
	private readonly prefix: string;

	constructor(tree: FormTree, prefix = '') {
		this.tree = tree;
		this.prefix = prefix;
	}

	/** `recurring[interval]` for the key `interval` under `recurring`. */
	name(key: string): string {
		return this.prefix ? `${this.prefix}[${key}]` : key;
	}

	has(key: string): boolean {
		return this.tree[key] !== undefined;
	}

	/** Refuses every parameter not listed; `expand` is always allowed at the top level. */
	only(...allowed: string[]): this {
		for (const key of Object.keys(this.tree)) {
			if (!allowed.includes(key) && !(this.prefix === '' && key === 'expand')) throw unknownParam(this.name(key));
		}
		return this;
	}

	string(key: string): string | undefined {
		const value = this.tree[key];
		if (value === undefined || typeof value === 'string') return value;
		throw invalidParam(this.name(key), `Invalid string: ${this.name(key)} must be a string, not a hash or array.`);
	}

	requiredString(key: string): string {
		const value = this.string(key);
		if (value === undefined || value === '') throw missingParam(this.name(key));
		return value;
	}

	/** Absent → undefined; empty (Stripe's way of unsetting a field) → null. */
	nullableString(key: string): string | null | undefined {
		const value = this.string(key);
		return value === '' ? null : value;
	}

	integer(key: string): number | undefined {
		const value = this.string(key);
		if (value === undefined) return undefined;
		if (!/^-?\d+$/.test(value)) throw invalidParam(this.name(key), `Invalid integer: ${value}`, 'parameter_invalid_integer');
		return Number(value);
	}

	boolean(key: string): boolean | undefined {
		const value = this.string(key);
		if (value === undefined) return undefined;
		if (value !== 'true' && value !== 'false') throw invalidParam(this.name(key), `Invalid boolean: ${value}`);
		return value === 'true';
	}

	enumeration<T extends string>(key: string, values: readonly T[]): T | undefined {
		const value = this.string(key);
		if (value === undefined) return undefined;
		if (!(values as readonly string[]).includes(value)) {
			throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`);
		}
		return value as T;
	}

	nested(key: string): Params | undefined {
		const value = this.tree[key];
		if (value === undefined) return undefined;
		if (typeof value === 'string' || Array.isArray(value)) {
			throw invalidParam(this.name(key), `Invalid object: ${this.name(key)} must be a hash.`);
		}
		return new Params(value, this.name(key));
	}

	/** A list sent as `key[0]=…&key[1]=…` (the official library) or `key[]=…`. */
	list(key: string): FormValue[] | undefined {
		const value = this.tree[key];
		if (value === undefined) return undefined;
		if (Array.isArray(value)) return value;
		if (typeof value === 'string') {
			if (value === '') return [];
			throw invalidParam(this.name(key), `Invalid array: ${this.name(key)} must be an array.`);
		}
		const indexes = Object.keys(value);
		if (!indexes.every((index) => /^\d+$/.test(index))) {
			throw invalidParam(this.name(key), `Invalid array: ${this.name(key)} must be an array.`);
		}
		return indexes.sort((a, b) => Number(a) - Number(b)).map((index) => value[index]!);
	}

	stringList(key: string): string[] | undefined {
		return this.list(key)?.map((item, index) => {
			if (typeof item !== 'string') throw invalidParam(`${this.name(key)}[${index}]`, 'Invalid string.');
			return item;
		});
	}

	/** The elements of a list of hashes, each as its own reader named `key[i]`. */
	nestedList(key: string): Params[] | undefined {
		return this.list(key)?.map((item, index) => {
			if (typeof item === 'string' || Array.isArray(item)) {
				throw invalidParam(`${this.name(key)}[${index}]`, `Invalid object: ${this.name(key)}[${index}] must be a hash.`);
			}
			return new Params(item, `${this.name(key)}[${index}]`);
		});
	}

	/**
	 * Stripe's metadata update: `metadata[k]=v` sets, `metadata[k]=` removes one key, `metadata=`
	 * clears all; keys not named stay.
	 */
	metadata(key = 'metadata'): ((current: Metadata) => Metadata) | undefined {
		const value = this.tree[key];
		if (value === undefined) return undefined;
		if (value === '') return () => ({});
		const update = this.nested(key)!;
		const changes: [string, string][] = Object.keys(update.tree).map((name) => {
			const entry = update.string(name)!;
			if (name.length > 40) throw invalidParam(update.name(name), 'Metadata keys can have a maximum length of 40 characters.');
			if (entry.length > 500) throw invalidParam(update.name(name), 'Metadata values can have a maximum length of 500 characters.');
			return [name, entry];
		});
		return (current) => {
			const next = { ...current };
			for (const [name, entry] of changes) {
				if (entry === '') delete next[name];
				else next[name] = entry;
			}
			if (Object.keys(next).length > 50) throw invalidParam(key, 'Metadata can have a maximum of 50 keys.');
			return next;
		};
	}
}
