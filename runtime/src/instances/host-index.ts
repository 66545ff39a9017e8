/**
 * Which instance answers a Host header: `{subdomain}.{PUBLIC_HOST}` or one of a project's verified
 * custom domains. Rebuilt from the records whenever they change, so a lookup per request is a
 * single map read.
 */
import type { StateStore } from '../state/state-store.ts';

/** Lower-cased host without port or trailing dot; null for an empty or malformed header. */
export function normaliseHost(header: string | undefined): string | null {
	if (!header) return null;
	let host = header.trim().toLowerCase();
	if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1) || null;
	const colon = host.lastIndexOf(':');
	if (colon !== -1) host = host.slice(0, colon);
	if (host.endsWith('.')) host = host.slice(0, -1);
	return host || null;
}

export class HostIndex {
	readonly #publicHost: string;
	readonly #store: StateStore;
	#byHost = new Map<string, string>();

	constructor(publicHost: string, store: StateStore) {
		this.#publicHost = publicHost.toLowerCase();
		this.#store = store;
		this.#rebuild();
		store.onChange(() => this.#rebuild());
	}

	subdomainHost(subdomain: string): string {
		return `${subdomain}.${this.#publicHost}`;
	}

	#rebuild(): void {
		const byHost = new Map<string, string>();
		for (const record of this.#store.all()) {
			if (record.kind !== 'project' || record.phase !== 'ready') continue;
			if (record.subdomain) byHost.set(this.subdomainHost(record.subdomain), record.id);
			for (const domain of record.domains) byHost.set(domain, record.id);
		}
		this.#byHost = byHost;
	}

	lookup(host: string): string | undefined {
		return this.#byHost.get(host);
	}

	/** The project that already owns `host`, if it is not `exceptId`. */
	ownerOtherThan(host: string, exceptId: string): string | undefined {
		for (const record of this.#store.all()) {
			if (record.id === exceptId || record.kind !== 'project') continue;
			if ((record.subdomain && this.subdomainHost(record.subdomain) === host) || record.domains.includes(host)) return record.id;
		}
		return undefined;
	}
}
