/**
 * Which instance answers a Host header: `{subdomain}.{PUBLIC_HOST}` or one of a project's verified
 * custom domains. Rebuilt from the records whenever they change, so a lookup per request is a
 * single map read.
 */
import type { InstanceRecord } from '../state/instance-record.ts';
import type { InstanceReader } from '../state/instance-store.ts';

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
	readonly #store: InstanceReader;
	#byHost = new Map<string, string>();

	constructor(publicHost: string, store: InstanceReader) {
		this.#publicHost = publicHost.toLowerCase();
		this.#store = store;
		this.#rebuild();
		store.onChange(() => this.#rebuild());
	}

	subdomainHost(subdomain: string): string {
		return `${subdomain}.${this.#publicHost}`;
	}

	/** Every host a project answers on: its subdomain under PUBLIC_HOST and its custom domains. */
	#hostsOf(record: InstanceRecord): string[] {
		if (record.kind !== 'project') return [];
		return [...(record.subdomain ? [this.subdomainHost(record.subdomain)] : []), ...record.domains];
	}

	/** Only finished projects are routed; one still being created has nothing to route to yet. */
	#rebuild(): void {
		const byHost = new Map<string, string>();
		for (const record of this.#store.all()) {
			if (record.phase !== 'ready') continue;
			for (const host of this.#hostsOf(record)) byHost.set(host, record.id);
		}
		this.#byHost = byHost;
	}

	lookup(host: string): string | undefined {
		return this.#byHost.get(host);
	}

	/**
	 * The project that already owns `host`, if it is not `exceptId`. Projects still being created
	 * count too: their host is reserved from the moment their record exists.
	 */
	ownerOtherThan(host: string, exceptId: string): string | undefined {
		return this.#store.all().find((record) => record.id !== exceptId && this.#hostsOf(record).includes(host))?.id;
	}
}
